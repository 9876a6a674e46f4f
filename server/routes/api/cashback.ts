import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { centsToCoins, formatCoins } from '../../../core/money/cents.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { cashbackState, claimCashback } from '../../rewards/cashback.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// GET /api/cashback → {data: {rate, accrued, claimable, next_at, hidden}};
// POST /api/cashback/claim → {msg, data: {amount, balance}}, or 422 {message, msg} (docs/rewards.md);
// a malformed request is 422 {message, errors} like everywhere, so 422 is the shared error schema.

export default async function cashbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.cashback, { onRequest: app.authenticate }, async (request) => ({
    data: await cashbackState(app.db, requireUserId(request), new Date(app.rewardsClock.now())),
  }));
  route(r, routes.cashbackClaim, { onRequest: app.authenticate }, async (request) => {
    const { amount, balance } = await claimCashback(app.wallet, requireUserId(request), new Date(app.rewardsClock.now()));
    return { msg: `Cashback of ${formatCoins(centsToCoins(amount))} coins credited`, data: { amount: centsToCoins(amount), balance: centsToCoins(balance) } };
  });
}
