import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/guard.ts';
import { challengeWire, createChallenge } from '../../missions/challenges.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The console's challenges (docs/rewards.md, "Challenges"): admins create one (scope, target
// multiplier, smallest stake, prize, winners, period), audited; the leader pays its winners.
export default async function adminChallengesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  route(app, routes.adminChallengeCreate, { config: { staffRole: 'admin' } }, async (request) => {
    const now = new Date(root.rewardsClock.now());
    const challenge = await createChallenge(root.db, actorOf(request), request.body, now);
    return { message: 'Challenge created.', data: await challengeWire(root.db, challenge, now) };
  });
}
