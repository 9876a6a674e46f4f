import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/guard.ts';
import { createRace, raceWire } from '../../races/races.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The console's races (docs/rewards.md, "Races"): admins create a race (period, metric, scope, prizes),
// audited; it shows on /races while it runs and is paid at its close like the default ones.
export default async function adminRacesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  route(app, routes.adminRaceCreate, { config: { staffRole: 'admin' } }, async (request) => {
    const now = new Date(root.rewardsClock.now());
    const race = await createRace(root.db, actorOf(request), request.body, now);
    return { message: 'Race created.', data: await raceWire(root.db, race, { limit: 10, me: null, now }) };
  });
}
