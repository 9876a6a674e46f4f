import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SHIPPING_SAVED_MESSAGE } from '../../../core/protocol/shipping.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { paged } from '../../boxes/paging.ts';
import { findShippingAddress, saveShippingAddress } from '../../shipping/address.ts';
import { cancelWithdrawalByUser, createWithdrawal, listWithdrawals } from '../../shipping/withdrawals.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The delivery address and withdrawals (deliveries of items, crypto payouts of coins). The
// contract: core/protocol/shipping.ts.

export default async function shippingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  route(app, routes.shippingAddress, { onRequest: app.authenticate }, async (request) => ({ data: await findShippingAddress(app.db, requireUserId(request)) }));

  // A changed address redirects every later delivery: with two-factor sign-in on, a code is required.
  route(app, routes.shippingAddressSave, { onRequest: app.authenticate, config: { secondFactor: true } }, async (request) => {
    const userId = requireUserId(request);
    // The code was asked for (secondFactor) and is no part of the address.
    const { two_factor_code: _checked, ...address } = request.body;
    await saveShippingAddress(app.db, app.config.appSecret, userId, address);
    return { msg: SHIPPING_SAVED_MESSAGE };
  });

  // Items and coins leave the shop here: with two-factor sign-in on, a code is required.
  route(app, routes.withdrawalCreate, { onRequest: app.authenticate, config: { secondFactor: true, killSwitch: 'withdrawals' } }, async (request, reply) => {
    const userId = requireUserId(request);
    const id = await createWithdrawal(app, userId, request.body);
    return reply.code(201).send({ msg: request.body.type === 'delivery' ? 'Your delivery was requested.' : 'Your withdrawal was requested.', data: { id } });
  });

  route(app, routes.withdrawals, { onRequest: app.authenticate }, async (request) => {
    const q = request.query;
    const { rows, total } = await listWithdrawals(app.db, { userId: requireUserId(request), type: q.type, from: q.from, to: q.to }, { page: q.page, perPage: q.per_page });
    return paged(rows, total, { page: q.page, perPage: q.per_page }, '/api/profile/withdrawals', { per_page: q.per_page, type: q.type, from: q.from, to: q.to });
  });

  route(app, routes.withdrawalCancel, { onRequest: app.authenticate }, async (request) => {
    const type = await cancelWithdrawalByUser(app, requireUserId(request), request.params.id);
    return { msg: type === 'delivery' ? 'Your delivery was canceled.' : 'Withdrawal canceled.' };
  });
}
