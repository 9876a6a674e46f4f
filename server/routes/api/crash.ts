import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CRASH_MESSAGES, crashBetSchema } from '../../../core/protocol/crash.ts';
import { requireUserId, settlementPlayer } from '../../plugins/auth.ts';
import { stakeCheck } from '../../plugins/declaredChecks.ts';
import { crashLeaderboard, crashRecentGames } from '../../games/crash/crashQueries.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Crash calls of docs/product.md §7 (payloads in docs/crash.md): bet and close-bet answer msg; recent games
// and the leaderboard read `data`. A refusal by the round's state is 409 `{message, msg}`; bad
// input (and a short balance) is 422 `{message, errors}`. The contract: core/protocol/crash.ts.

export default async function crashRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const BetBody = crashBetSchema(app.config.crash.limits);

  // The game settings' bet range (declared; the console may narrow the configured one); crash caps its payouts itself.
  route(r, routes.crashBet, { onRequest: app.authenticate, config: { stake: stakeCheck('crash', () => 0), killSwitch: 'crash' }, schema: { body: BetBody } }, async (request) => {
    const data = await app.crash.placeBet(requireUserId(request), request.body.amount, request.body.auto_cashout);
    return { data, msg: CRASH_MESSAGES.betPlaced };
  });

  // The token is checked by the cash-out's settling statement (tokenCheckedBySettlement, plugins/auth.ts):
  // one round trip less at the moment hundreds of players cash out at once.
  route(r, routes.crashCloseBet, { onRequest: app.authenticate, config: { tokenCheckedBySettlement: true } }, async (request) => {
    // The cash-out is valued at the server's time of receipt, before anything else is awaited, or at
    // the multiplier the player's button showed when that is lower.
    const receivedAt = app.clock.now();
    const data = await app.crash.closeBet(settlementPlayer(app, request), receivedAt, request.body?.multiplier ?? null);
    return { data, msg: CRASH_MESSAGES.cashedOut };
  });

  route(r, routes.crashRecentGames, {}, async (request) => ({
    data: await crashRecentGames(app.db, request.query.limit),
  }));

  route(r, routes.crashLeaderboard, {}, async (request) => ({
    data: await crashLeaderboard(app.db, request.query),
  }));
}
