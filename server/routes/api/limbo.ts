import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { settlementPlayer } from '../../plugins/auth.ts';
import { placeLimboBet } from '../../games/limbo/placeLimboBet.ts';
import { historyRoutes } from './gameHistory.ts';
import { stakeCheck } from '../../plugins/declaredChecks.ts';
import { limboPayout } from '../../../core/games/limbo.ts';

// POST /api/limbo/bet {amount, target} → {data: {result, target, win, multiplier, payout, balance,
// nonce, server_seed_hash, client_seed}}; the histories under /api/limbo/history (docs/limbo.md).
export default async function limboRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The game settings' limits (declared): the best payout is a win at the chosen target.
  const stake = stakeCheck('limbo', (bet: { amount: number; target: number }) => limboPayout(bet.amount, bet.target));
  route(r, routes.limboBet, { onRequest: app.authenticate, config: { tokenCheckedBySettlement: true, stake, killSwitch: 'limbo' } }, async (request) => {
    const { amount, target } = request.body; // amount: cents, exact (coinAmount)
    return { data: await placeLimboBet(app, { player: settlementPlayer(app, request), amount, target }) };
  });
  historyRoutes(app, 'limbo', routes.limboHistory);
}
