import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { raceWire, runningRaces } from '../../races/races.ts';
import { rewardRestrictions } from '../../responsible/playGate.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// GET /api/races?limit → {data: {races, paused}} (docs/rewards.md, "Races"): every running race with
// its prizes, first places and the signed-in player's own place. A player on a break is offered no
// race: `races` is empty and `paused` true.

export default async function racesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.races, {}, async (request) => {
    const now = new Date(app.rewardsClock.now());
    const me = request.userId ?? null;
    if (me !== null && (await rewardRestrictions(app.db, me, now)).onBreak) return { data: { races: [], paused: true } };
    const running = await runningRaces(app.db, now);
    return { data: { races: await Promise.all(running.map((race) => raceWire(app.db, race, { limit: request.query.limit, me, now }))), paused: false } };
  });
}
