import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settlementPlayer } from '../../plugins/auth.ts';
import { placeDiceBet } from '../../games/dice/placeDiceBet.ts';
import { historyRoutes } from './gameHistory.ts';
import { stakeCheck } from '../../plugins/declaredChecks.ts';
import { dicePayout, type DiceDirection } from '../../../core/games/dice.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// POST /api/dice/bet {amount, target, direction} → {data: {roll, win, multiplier, payout, balance,
// nonce, server_seed_hash, client_seed}}; the histories under /api/dice/history.
export default async function diceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The game settings' limits (declared): the best payout is a win at the chosen target.
  const stake = stakeCheck('dice', (bet: { amount: number; target: number; direction: DiceDirection }) => dicePayout(bet.amount, bet.target, bet.direction));
  route(r, routes.diceBet, { onRequest: app.authenticate, config: { tokenCheckedBySettlement: true, stake, killSwitch: 'dice' } }, async (request) => {
    const amount = request.body.amount; // cents, exact (coinAmount)
    return { data: await placeDiceBet(app, { player: settlementPlayer(app, request), amount, target: request.body.target, direction: request.body.direction }) };
  });
  historyRoutes(app, 'dice', routes.diceHistory);
}
