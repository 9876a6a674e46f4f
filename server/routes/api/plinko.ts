import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plinkoConfig, plinkoMessage, type PlinkoRows } from '../../../core/games/plinko.ts';
import { formatCoins } from '../../../core/money/cents.ts';
import { GameLeaderboardAnswerSchema, PlinkoBetResultSchema, PlinkoBetSchema, PlinkoConfigSchema, PlinkoCurrentAnswerSchema } from '../../../core/protocol/games.ts';
import { settlementPlayer, requireUserId } from '../../plugins/auth.ts';
import { placePlinkoBet } from '../../games/plinko/placePlinkoBet.ts';
import { gameHistory, gameLeaderboard, historyRoutes, LEADERBOARD_METRICS, LEADERBOARD_PERIODS } from '../../games/history.ts';
import { currentSeedState } from '../../fair/seedPairs.ts';

// Plinko calls of docs/product.md §7: config, current (seed state + own recent bets), bet (answer msg), and
// the leaderboard (the client drops empty query values; unknown ones are refused with 422).

// The spec's client drops empty values; other clients may not, so '' also means "default".
const emptyIsUnset = (v: unknown) => (v === '' ? undefined : v);
const LeaderboardQuery = z.object({
  metric: z.preprocess(emptyIsUnset, z.enum(LEADERBOARD_METRICS).default('win_amount')),
  period: z.preprocess(emptyIsUnset, z.enum(LEADERBOARD_PERIODS).default('week')),
  limit: z.preprocess(emptyIsUnset, z.coerce.number().int().min(1).max(100).default(20)),
});

export default async function plinkoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = plinkoConfig();
  r.get('/api/plinko/config', { schema: { response: { 200: z.object({ data: PlinkoConfigSchema }) } } }, async () => ({ data: config }));

  r.get('/api/plinko/current', { onRequest: app.authenticate, schema: { response: { 200: PlinkoCurrentAnswerSchema } } }, async (request) => {
    const userId = requireUserId(request);
    const seed = await currentSeedState(app.db, userId);
    return { data: { seed, bets: await gameHistory(app.db, { game: 'plinko', scope: 'mine', userId, limit: 20 }) } };
  });

  r.post('/api/plinko/bet', { onRequest: app.authenticate, config: { tokenCheckedBySettlement: true }, schema: { body: PlinkoBetSchema, response: { 200: z.object({ data: PlinkoBetResultSchema, msg: z.string() }) } } }, async (request) => {
    const amount = request.body.amount; // cents, exact (coinAmount)
    const data = await placePlinkoBet(app, { player: settlementPlayer(app, request), amount, rows: request.body.rows as PlinkoRows, risk: request.body.risk });
    const msg = plinkoMessage(data.multiplier, formatCoins(data.payout));
    return { data, msg };
  });

  r.get('/api/plinko/leaderboard', { schema: { querystring: LeaderboardQuery, response: { 200: GameLeaderboardAnswerSchema } } }, async (request) => ({
    data: await gameLeaderboard(app.db, { game: 'plinko', ...request.query }),
  }));

  historyRoutes(app, 'plinko');
}
