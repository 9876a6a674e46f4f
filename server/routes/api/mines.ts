import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MinesBetSchema, MinesBoardAnswerSchema, MinesCurrentAnswerSchema, MinesRevealSchema } from '../../../core/protocol/mines.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { cashOut, currentBoard, revealTile, startBoard } from '../../games/mines/boards.ts';
import { stakeCheck } from '../../plugins/declaredChecks.ts';
import { minesPayout } from '../../../core/games/mines.ts';

// Mines (docs/mines.md): POST /api/mines/bet {amount, mines} starts a board, POST /api/mines/reveal
// {tile} turns a tile, POST /api/mines/cashout takes the payout, GET /api/mines/current answers the
// open board (or null) after a reload. Each answers the board as it stands: {data: MinesBoard}
// (core/protocol/mines.ts); the mines' tiles only once it has ended.
export default async function minesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The game settings' limits (declared). A board reaching the payout cap cashes out at it, so the
  // cap refuses only a stake whose first safe tile would already pay more: one that could never be
  // paid the multiplier shown.
  const stake = stakeCheck('mines', (bet: { amount: number; mines: number }) => minesPayout(bet.amount, bet.mines, 1, Number.MAX_SAFE_INTEGER));
  r.post('/api/mines/bet', { onRequest: app.authenticate, config: { stake }, schema: { body: MinesBetSchema, response: { 200: MinesBoardAnswerSchema } } }, async (request) => {
    return { data: await startBoard(app, { userId: requireUserId(request), amount: request.body.amount, mines: request.body.mines }) };
  });
  r.post('/api/mines/reveal', { onRequest: app.authenticate, schema: { body: MinesRevealSchema, response: { 200: MinesBoardAnswerSchema } } }, async (request) => {
    return { data: await revealTile(app, requireUserId(request), request.body.tile) };
  });
  r.post('/api/mines/cashout', { onRequest: app.authenticate, schema: { response: { 200: MinesBoardAnswerSchema } } }, async (request) => {
    return { data: await cashOut(app, requireUserId(request)) };
  });
  r.get('/api/mines/current', { onRequest: app.authenticate, schema: { response: { 200: MinesCurrentAnswerSchema } } }, async (request) => {
    return { data: await currentBoard(app, requireUserId(request)) };
  });
}
