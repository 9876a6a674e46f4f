import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PLINKO_MULTIPLIERS, plinkoConfig, plinkoMessage, plinkoPayout, type PlinkoRisk, type PlinkoRows } from '../../../core/games/plinko.ts';
import { centsToCoins, formatCoins } from '../../../core/money/cents.ts';
import { settlementPlayer, requireUserId } from '../../plugins/auth.ts';
import { placePlinkoBet } from '../../games/plinko/placePlinkoBet.ts';
import { gameHistory, gameLeaderboard } from '../../games/history.ts';
import { historyRoutes } from './gameHistory.ts';
import { stakeCheck } from '../../plugins/declaredChecks.ts';
import { currentSeedState } from '../../fair/seedPairs.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Plinko calls of docs/product.md §7: config, current (seed state + own recent bets), bet (answer msg), and
// the leaderboard (the client drops empty query values; unknown ones are refused with 422). The
// contract: core/protocol/games.ts.

export default async function plinkoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = plinkoConfig();
  // The bet range as the game settings have it now (the console may narrow it, docs/operator-console.md).
  route(r, routes.plinkoConfig, {}, async () => {
    const limits = app.gameSettings.limits('plinko');
    return { data: { ...config, min_bet: centsToCoins(limits.minBet), max_bet: centsToCoins(limits.maxBet) } };
  });

  route(r, routes.plinkoCurrent, { onRequest: app.authenticate }, async (request) => {
    const userId = requireUserId(request);
    const seed = await currentSeedState(app.db, userId);
    return { data: { seed, bets: await gameHistory(app.db, { game: 'plinko', scope: 'mine', userId, limit: 20 }) } };
  });

  // The game settings' limits (declared): the best payout is the table's best slot for these rows and risk.
  const stake = stakeCheck('plinko', (bet: { amount: number; rows: PlinkoRows; risk: PlinkoRisk }) => plinkoPayout(bet.amount, Math.max(...PLINKO_MULTIPLIERS[bet.rows][bet.risk])));
  route(r, routes.plinkoBet, { onRequest: app.authenticate, config: { tokenCheckedBySettlement: true, stake, killSwitch: 'plinko' } }, async (request) => {
    const amount = request.body.amount; // cents, exact (coinAmount)
    const data = await placePlinkoBet(app, { player: settlementPlayer(app, request), amount, rows: request.body.rows as PlinkoRows, risk: request.body.risk });
    const msg = plinkoMessage(data.multiplier, formatCoins(data.payout));
    return { data, msg };
  });

  route(r, routes.plinkoLeaderboard, {}, async (request) => ({
    data: await gameLeaderboard(app.db, { game: 'plinko', ...request.query }),
  }));

  historyRoutes(app, 'plinko', routes.plinkoHistory);
}
