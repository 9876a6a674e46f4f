import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { centsToCoins, formatCoins } from '../../../core/money/cents.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { claimRakeback, claimRankBonuses, vipState } from '../../vip/vip.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// GET /api/vip → {data: VipState}; POST /api/vip/rakeback/claim → {msg, data: {amount, balance, rakeback}};
// POST /api/vip/rank-bonus/claim → {msg, data: {amount, balance, tiers}}; refusals 422 {message, msg} (docs/vip.md).

export default async function vipRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => new Date(app.rewardsClock.now());
  route(r, routes.vip, { onRequest: app.authenticate }, async (request) => ({ data: await vipState(app.db, requireUserId(request), now()) }));
  route(r, routes.vipRakebackClaim, { onRequest: app.authenticate }, async (request) => {
    const { amount, balance, after } = await claimRakeback(app.wallet, requireUserId(request), now());
    const rakeback = (await vipState(app.db, requireUserId(request), now())).rakeback;
    return {
      msg: `Rakeback of ${formatCoins(centsToCoins(amount))} coins credited`,
      // What the claim settled: claimed as the claim wrote it, claimable as the journal stands after it.
      data: { amount: centsToCoins(amount), balance: centsToCoins(balance), rakeback: { ...rakeback, claimed: Math.max(rakeback.claimed, centsToCoins(after.claimed)) } },
    };
  });
  route(r, routes.vipRankBonusClaim, { onRequest: app.authenticate }, async (request) => {
    const { amount, balance, tiers } = await claimRankBonuses(app.wallet, requireUserId(request), now());
    return { msg: `Rank-up bonus of ${formatCoins(centsToCoins(amount))} coins credited`, data: { amount: centsToCoins(amount), balance: centsToCoins(balance), tiers } };
  });
}
