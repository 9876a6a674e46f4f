import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settlementPlayer } from '../../plugins/auth.ts';
import { placeDiceBet } from '../../games/dice/placeDiceBet.ts';
import { historyRoutes } from './gameHistory.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// POST /api/dice/bet {amount, target, direction} → {data: {roll, win, multiplier, payout, balance,
// nonce, server_seed_hash, client_seed}}; the histories under /api/dice/history.
export default async function diceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.diceBet, { onRequest: app.authenticate, config: { tokenCheckedBySettlement: true } }, async (request) => {
    const amount = request.body.amount; // cents, exact (coinAmount)
    return { data: await placeDiceBet(app, { player: settlementPlayer(app, request), amount, target: request.body.target, direction: request.body.direction }) };
  });
  historyRoutes(app, 'dice');
}
