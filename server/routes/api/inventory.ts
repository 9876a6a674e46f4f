import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId } from '../../plugins/auth.ts';
import { listInventory, sellItems, soldMessage } from '../../inventory/inventory.ts';
import { codeInReviewMessage, listItemCodes, redeemItemCode } from '../../inventory/itemCodes.ts';
import { paged } from '../../boxes/paging.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { InventoryPageSchema, InventoryQuerySchema, InventorySellSchema, ItemCodesSchema, RedeemAnswerSchema, RedeemItemSchema, SellAnswerSchema } from '../../../core/protocol/boxes.ts';
import { requireVerifiedEmail, REVEAL_EMAIL_MESSAGE } from '../../security/eligibility.ts';

// The player's won items (owned ones only), selling one, the cart's batch sell, and a digital item's
// code (redeem, then listed among the player's codes). The contract: core/protocol/boxes.ts.
const IdParams = z.object({ id: z.coerce.number().int().positive() });

export default async function inventoryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/profile/inventory', { onRequest: app.authenticate, schema: { querystring: InventoryQuerySchema, response: { 200: InventoryPageSchema } } }, async (request) => {
    const userId = requireUserId(request);
    const q = request.query;
    const name = q['filter[name]'] ?? q.filter?.name;
    const { rows, total } = await listInventory(app.db, userId, { sort: q.sort, name: name || undefined, page: q.page, perPage: q.per_page });
    return paged(rows, total, { page: q.page, perPage: q.per_page }, '/api/profile/inventory', { per_page: q.per_page, sort: q.sort, filter: { name } });
  });

  app.post('/api/profile/inventory/:id/sell', { onRequest: app.authenticate, schema: { params: IdParams, response: { 200: SellAnswerSchema } } }, async (request) => {
    const result = await sellItems(app.wallet, requireUserId(request), [request.params.id]);
    return { msg: soldMessage(result), balance: centsToCoins(result.balance) };
  });

  app.post(
    '/api/profile/inventory/sell',
    { onRequest: app.authenticate, schema: { body: InventorySellSchema, response: { 200: SellAnswerSchema } } },
    async (request) => {
      const result = await sellItems(app.wallet, requireUserId(request), request.body.ids);
      return { msg: soldMessage(result), balance: centsToCoins(result.balance) };
    },
  );

  app.get('/api/profile/inventory/codes', { onRequest: app.authenticate, schema: { response: { 200: ItemCodesSchema } } }, async (request) => ({
    data: await listItemCodes(app.db, requireUserId(request)),
  }));

  // The code is the item's delivery (a withdrawal): a verified email first, then the second factor as shipping asks.
  app.post('/api/profile/inventory/:id/redeem', { onRequest: app.authenticate, preHandler: async (request) => requireVerifiedEmail(app.db, requireUserId(request), REVEAL_EMAIL_MESSAGE), config: { secondFactor: true }, schema: { params: IdParams, body: RedeemItemSchema, response: { 200: RedeemAnswerSchema, 202: RedeemAnswerSchema } } }, async (request, reply) => {
    const userId = requireUserId(request);
    const { code, name } = await redeemItemCode(app.db, userId, request.params.id, app.config.codeReview);
    if (code === null) return reply.code(202).send({ data: { code }, msg: codeInReviewMessage(name) });
    return { data: { code }, msg: `Your ${name} code is ready.` };
  });
}
