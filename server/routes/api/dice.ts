import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DiceBetAnswerSchema, DiceBetSchema } from '../../../core/protocol/games.ts';
import { settlementPlayer } from '../../plugins/auth.ts';
import { placeDiceBet } from '../../games/dice/placeDiceBet.ts';
import { historyRoutes } from './gameHistory.ts';

// POST /api/dice/bet {amount, target, direction} → {data: {roll, win, multiplier, payout, balance,
// nonce, server_seed_hash, client_seed}}; the histories under /api/dice/history.
export default async function diceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/dice/bet', { onRequest: app.authenticate, config: { tokenCheckedBySettlement: true }, schema: { body: DiceBetSchema, response: { 200: DiceBetAnswerSchema } } }, async (request) => {
    const amount = request.body.amount; // cents, exact (coinAmount)
    return { data: await placeDiceBet(app, { player: settlementPlayer(app, request), amount, target: request.body.target, direction: request.body.direction }) };
  });
  historyRoutes(app, 'dice');
}
