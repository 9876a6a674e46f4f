import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CODES_PER_PAGE } from '../../../core/protocol/adminCodes.ts';
import { actorOf } from '../../admin/guard.ts';
import { paged } from '../../boxes/paging.ts';
import { createPromo, listGiftCodes, listPromoRedemptions, listPromos, mintGiftCodes, updateGiftCode, updatePromo } from '../../promo/codesConsole.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Promo codes, gift codes and vouchers in the console (docs/operator-console.md, "Codes").
export default async function codesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const window = (page: number) => ({ limit: CODES_PER_PAGE, offset: (page - 1) * CODES_PER_PAGE });

  route(app, routes.adminPromoCodes, {}, async (request) => {
    const { page, q } = request.query;
    const { rows, total } = await listPromos(root.db, q, window(page));
    return paged(rows, total, { page, perPage: CODES_PER_PAGE }, '/api/admin/promo-codes', { q });
  });

  route(app, routes.adminPromoCodeCreate, {}, async (request, reply) => {
    reply.code(201);
    return createPromo(root.db, actorOf(request), request.body);
  });

  route(app, routes.adminPromoCodeUpdate, {}, async (request) =>
    updatePromo(root.db, actorOf(request), request.params.id, request.body),
  );

  route(app, routes.adminPromoRedemptions, {}, async (request) => {
    const { page } = request.query;
    const { rows, total } = await listPromoRedemptions(root.db, request.params.id, window(page));
    return paged(rows, total, { page, perPage: CODES_PER_PAGE }, `/api/admin/promo-codes/${request.params.id}/redemptions`);
  });

  route(app, routes.adminGiftCodes, {}, async (request) => {
    const { page, ...filter } = request.query;
    const { rows, total } = await listGiftCodes(root.db, filter, window(page));
    return paged(rows, total, { page, perPage: CODES_PER_PAGE }, '/api/admin/gift-codes', filter);
  });

  route(app, routes.adminGiftCodeMint, {}, async (request, reply) => {
    const { kind, value, count, expires_at } = request.body;
    const codes = await mintGiftCodes(root.db, actorOf(request), { kind, valueCents: value, count, expiresAt: expires_at === null ? null : new Date(expires_at) });
    reply.code(201);
    return { message: `${count} ${kind === 'gift' ? 'gift code' : 'voucher'}${count === 1 ? '' : 's'} minted.`, codes };
  });

  route(app, routes.adminGiftCodeUpdate, {}, async (request) => {
    await updateGiftCode(root.db, actorOf(request), request.params.id, request.body);
    return { message: request.body.disabled === true ? 'Code disabled.' : request.body.disabled === false ? 'Code enabled.' : 'Code updated.' };
  });
}
