import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCodesQuerySchema,
  AdminGiftCodePageSchema,
  AdminGiftQuerySchema,
  AdminMessageSchema,
  AdminPromoPageSchema,
  AdminPromoSchema,
  CODES_PER_PAGE,
  GiftMintAnswerSchema,
  GiftMintSchema,
  GiftUpdateSchema,
  PromoCreateSchema,
  PromoRedemptionPageSchema,
  PromoUpdateSchema,
} from '../../../core/protocol/adminCodes.ts';
import { actorOf } from '../../admin/guard.ts';
import { paged } from '../../boxes/paging.ts';
import { createPromo, listGiftCodes, listPromoRedemptions, listPromos, mintGiftCodes, updateGiftCode, updatePromo } from '../../promo/codesConsole.ts';

// Promo codes, gift codes and vouchers in the console (docs/operator-console.md, "Codes").
export default async function codesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
  const window = (page: number) => ({ limit: CODES_PER_PAGE, offset: (page - 1) * CODES_PER_PAGE });

  app.get('/api/admin/promo-codes', { schema: { querystring: AdminCodesQuerySchema, response: { 200: AdminPromoPageSchema } } }, async (request) => {
    const { page, q } = request.query;
    const { rows, total } = await listPromos(root.db, q, window(page));
    return paged(rows, total, { page, perPage: CODES_PER_PAGE }, '/api/admin/promo-codes', { q });
  });

  app.post('/api/admin/promo-codes', { schema: { body: PromoCreateSchema, response: { 201: AdminPromoSchema } } }, async (request, reply) => {
    reply.code(201);
    return createPromo(root.db, actorOf(request), request.body);
  });

  app.patch('/api/admin/promo-codes/:id', { schema: { params, body: PromoUpdateSchema, response: { 200: AdminPromoSchema } } }, async (request) =>
    updatePromo(root.db, actorOf(request), request.params.id, request.body),
  );

  app.get('/api/admin/promo-codes/:id/redemptions', { schema: { params, querystring: z.object({ page: AdminCodesQuerySchema.shape.page }), response: { 200: PromoRedemptionPageSchema } } }, async (request) => {
    const { page } = request.query;
    const { rows, total } = await listPromoRedemptions(root.db, request.params.id, window(page));
    return paged(rows, total, { page, perPage: CODES_PER_PAGE }, `/api/admin/promo-codes/${request.params.id}/redemptions`);
  });

  app.get('/api/admin/gift-codes', { schema: { querystring: AdminGiftQuerySchema, response: { 200: AdminGiftCodePageSchema } } }, async (request) => {
    const { page, ...filter } = request.query;
    const { rows, total } = await listGiftCodes(root.db, filter, window(page));
    return paged(rows, total, { page, perPage: CODES_PER_PAGE }, '/api/admin/gift-codes', filter);
  });

  app.post('/api/admin/gift-codes', { schema: { body: GiftMintSchema, response: { 201: GiftMintAnswerSchema } } }, async (request, reply) => {
    const { kind, value, count, expires_at } = request.body;
    const codes = await mintGiftCodes(root.db, actorOf(request), { kind, valueCents: value, count, expiresAt: expires_at === null ? null : new Date(expires_at) });
    reply.code(201);
    return { message: `${count} ${kind === 'gift' ? 'gift code' : 'voucher'}${count === 1 ? '' : 's'} minted.`, codes };
  });

  app.patch('/api/admin/gift-codes/:id', { schema: { params, body: GiftUpdateSchema, response: { 200: AdminMessageSchema } } }, async (request) => {
    await updateGiftCode(root.db, actorOf(request), request.params.id, request.body);
    return { message: request.body.disabled === true ? 'Code disabled.' : request.body.disabled === false ? 'Code enabled.' : 'Code updated.' };
  });
}
