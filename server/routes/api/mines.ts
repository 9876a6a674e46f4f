import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MinesBetSchema, MinesBoardAnswerSchema, MinesCurrentAnswerSchema, MinesRevealSchema } from '../../../core/protocol/mines.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { cashOut, currentBoard, OWN_LIMITS, revealTile, startBoard } from '../../games/mines/boards.ts';

// Mines (docs/mines.md): POST /api/mines/bet {amount, mines} starts a board, POST /api/mines/reveal
// {tile} turns a tile, POST /api/mines/cashout takes the payout, GET /api/mines/current answers the
// open board (or null) after a reload. Each answers the board as it stands: {data: MinesBoard}
// (core/protocol/mines.ts); the mines' tiles only once it has ended.
export default async function minesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/mines/bet', { onRequest: app.authenticate, schema: { body: MinesBetSchema, response: { 200: MinesBoardAnswerSchema } } }, async (request) => {
    return { data: await startBoard(app, OWN_LIMITS, { userId: requireUserId(request), amount: request.body.amount, mines: request.body.mines }) };
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
