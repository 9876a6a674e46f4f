import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { centsToCoins, formatCoins } from '../../../core/money/cents.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { challengeWire, listedChallenges } from '../../missions/challenges.ts';
import { claimMission, missionsOf, playerBadges } from '../../missions/missions.ts';
import { rewardRestrictions } from '../../responsible/playGate.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Challenges and missions (docs/rewards.md, "Challenges" and "Missions"). GET /api/challenges (signed
// in or not): the listed challenges with their winners; a player on a break is offered none (paused),
// nor a player whose loss limit is reached (limit_reached). GET /api/missions: the player's missions
// and badges; POST /api/missions/:id/claim pays a done mission's bonus once.

export default async function missionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => new Date(app.rewardsClock.now());
  route(r, routes.challenges, {}, async (request) => {
    const at = now();
    const me = request.userId ?? null;
    const { onBreak, lossLimitReached } = me === null ? { onBreak: false, lossLimitReached: false } : await rewardRestrictions(app.db, me, at);
    if (onBreak || lossLimitReached) return { data: { challenges: [], paused: onBreak, limit_reached: lossLimitReached } };
    const listed = await listedChallenges(app.db, at);
    return { data: { challenges: await Promise.all(listed.map((c) => challengeWire(app.db, c, at))), paused: false, limit_reached: false } };
  });
  route(r, routes.missions, { onRequest: app.authenticate }, async (request) => {
    const userId = requireUserId(request);
    const [state, badges] = await Promise.all([missionsOf(app.db, userId, now()), playerBadges(app.db, userId)]);
    return { data: { missions: state.missions.map((m) => ({ ...m, reward: centsToCoins(m.reward) })), badges, paused: state.paused, limit_reached: state.limitReached } };
  });
  route(r, routes.missionClaim, { onRequest: app.authenticate }, async (request) => {
    const { amount, balance } = await claimMission(app.wallet, requireUserId(request), request.params.id, now());
    return { msg: `Mission reward of ${formatCoins(centsToCoins(amount))} coins credited`, data: { amount: centsToCoins(amount), balance: centsToCoins(balance) } };
  });
}
