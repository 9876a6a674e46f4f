import type { FastifyInstance } from 'fastify';
import diceRoutes from './dice.ts';
import plinkoRoutes from './plinko.ts';
import upgradeRoutes from './upgrade.ts';
import leaderboardRoutes from './leaderboard.ts';

// The instant games' calls (dice, plinko, upgrade) and the weekly leaderboard, registered as one
// area in routes/index.ts.
export default async function instantGamesRoutes(app: FastifyInstance) {
  await app.register(diceRoutes);
  await app.register(plinkoRoutes);
  await app.register(upgradeRoutes);
  await app.register(leaderboardRoutes);
}
