import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CRASH_MESSAGES, crashBetSchema, CrashCloseBetSchema, CrashLeaderboardQuery, CrashRecentGamesQuery } from '../../../core/protocol/crash.ts';
import { requireUserId, settlementPlayer } from '../../plugins/auth.ts';
import { crashLeaderboard, crashRecentGames } from '../../games/crash/crashQueries.ts';

// Crash calls of docs/product.md §7 (payloads in docs/crash.md): bet and close-bet answer msg; recent games
// and the leaderboard read `data`. A refusal by the round's state is 409 `{message, msg}`; bad
// input (and a short balance) is 422 `{message, errors}`.

const user = z.object({ id: z.number(), name: z.string(), avatar_url: z.string().nullable() });
const BetAnswer = z.object({
  data: z.object({
    bet: z.object({ id: z.number(), round_id: z.number(), amount: z.number(), auto_cashout: z.number().nullable() }),
    balance: z.number(),
  }),
  msg: z.string(),
});
const CloseBetAnswer = z.object({ data: z.object({ multiplier: z.number(), payout: z.number(), balance: z.number() }), msg: z.string() });
const RecentGamesAnswer = z.object({
  data: z.array(z.object({ id: z.number(), crash_point: z.number(), hash: z.string(), started_at: z.string(), ended_at: z.string(), players: z.number(), wagered: z.number(), paid: z.number() })),
});
const LeaderboardAnswer = z.object({
  data: z.array(z.object({ rank: z.number(), user, bet_id: z.number(), round_id: z.number(), amount: z.number(), multiplier: z.number(), win_amount: z.number(), created_at: z.string() })),
});
const Refusal = z.object({ message: z.string(), msg: z.string() });
const Invalid = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

export default async function crashRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const BetBody = crashBetSchema(app.config.crash.limits);

  r.post('/api/crash/bet', { onRequest: app.authenticate, schema: { body: BetBody, response: { 200: BetAnswer, 409: Refusal, 422: Invalid } } }, async (request) => {
    const data = await app.crash.placeBet(requireUserId(request), request.body.amount, request.body.auto_cashout);
    return { data, msg: CRASH_MESSAGES.betPlaced };
  });

  // The token is checked by the cash-out's settling statement (tokenCheckedBySettlement, plugins/auth.ts):
  // one round trip less at the moment hundreds of players cash out at once.
  r.post('/api/crash/close-bet', { onRequest: app.authenticate, config: { tokenCheckedBySettlement: true }, schema: { body: CrashCloseBetSchema, response: { 200: CloseBetAnswer, 409: Refusal } } }, async (request) => {
    // The cash-out is valued at the server's time of receipt, before anything else is awaited.
    const receivedAt = app.clock.now();
    const data = await app.crash.closeBet(settlementPlayer(app, request), receivedAt);
    return { data, msg: CRASH_MESSAGES.cashedOut };
  });

  r.get('/api/crash/recent-games', { schema: { querystring: CrashRecentGamesQuery, response: { 200: RecentGamesAnswer } } }, async (request) => ({
    data: await crashRecentGames(app.db, request.query.limit),
  }));

  r.get('/api/crash/leaderboard', { schema: { querystring: CrashLeaderboardQuery, response: { 200: LeaderboardAnswer } } }, async (request) => ({
    data: await crashLeaderboard(app.db, request.query),
  }));
}
