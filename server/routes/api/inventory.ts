import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import { listInventory, sellItems } from '../../inventory/inventory.ts';
import { soldMessage } from '../../../core/text/soldMessage.ts';
import { codeInReviewMessage, listItemCodes, redeemItemCode } from '../../inventory/itemCodes.ts';
import { paged } from '../../boxes/paging.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { requireVerifiedEmail, REVEAL_EMAIL_MESSAGE } from '../../security/eligibility.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The player's won items (owned ones only), selling one, the cart's batch sell, and a digital item's
// code (redeem, then listed among the player's codes). The contract: core/protocol/boxes.ts.

export default async function inventoryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  route(app, routes.inventory, { onRequest: app.authenticate }, async (request) => {
    const userId = requireUserId(request);
    const q = request.query;
    const name = q['filter[name]'] ?? q.filter?.name;
    const { rows, total } = await listInventory(app.db, userId, { sort: q.sort, name: name || undefined, page: q.page, perPage: q.per_page });
    return paged(rows, total, { page: q.page, perPage: q.per_page }, '/api/profile/inventory', { per_page: q.per_page, sort: q.sort, filter: { name } });
  });

  route(app, routes.inventorySellOne, { onRequest: app.authenticate }, async (request) => {
    const result = await sellItems(app.wallet, requireUserId(request), [request.params.id]);
    return { msg: soldMessage(result), balance: centsToCoins(result.balance) };
  });

  route(app, routes.inventorySell, { onRequest: app.authenticate },
    async (request) => {
      const result = await sellItems(app.wallet, requireUserId(request), request.body.ids);
      return { msg: soldMessage(result), balance: centsToCoins(result.balance) };
    },
  );

  route(app, routes.itemCodes, { onRequest: app.authenticate }, async (request) => ({
    data: await listItemCodes(app.db, requireUserId(request)),
  }));

  // The code is the item's delivery (a withdrawal): a verified email first, then the second factor as shipping asks.
  route(app, routes.itemRedeem, { onRequest: app.authenticate, preHandler: async (request) => requireVerifiedEmail(app.db, requireUserId(request), REVEAL_EMAIL_MESSAGE), config: { secondFactor: true, killSwitch: 'withdrawals' } }, async (request, reply) => {
    const userId = requireUserId(request);
    const { code, name } = await redeemItemCode(app, userId, request.params.id, app.config.codeReview);
    if (code === null) return reply.code(202).send({ data: { code }, msg: codeInReviewMessage(name) });
    return { data: { code }, msg: `Your ${name} code is ready.` };
  });
}
