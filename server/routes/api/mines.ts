import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { cashOut, currentBoard, revealTile, startBoard } from '../../games/mines/boards.ts';
import { stakeCheck } from '../../plugins/declaredChecks.ts';
import { minesPayout } from '../../../core/games/mines.ts';
import { minesHistory } from '../../games/mines/history.ts';
import { listedHistoryRoute } from './gameHistory.ts';

// Mines (docs/mines.md): POST /api/mines/bet {amount, mines} starts a board, POST /api/mines/reveal
// {tile} turns a tile, POST /api/mines/cashout takes the payout, GET /api/mines/current answers the
// open board (or null) after a reload. Each answers the board as it stands: {data: MinesBoard}
// (core/protocol/mines.ts); the mines' tiles only once it has ended. GET /api/mines/history lists
// ended boards as the instant games list their bets (games/mines/history.ts).
export default async function minesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The game settings' limits (declared). A board reaching the payout cap cashes out at it, so the
  // cap refuses only a stake whose first safe tile would already pay more: one that could never be
  // paid the multiplier shown.
  const stake = stakeCheck('mines', (bet: { amount: number; mines: number }) => minesPayout(bet.amount, bet.mines, 1, Number.MAX_SAFE_INTEGER));
  route(r, routes.minesBet, { onRequest: app.authenticate, config: { stake, killSwitch: 'mines' } }, async (request) => {
    return { data: await startBoard(app, { userId: requireUserId(request), amount: request.body.amount, mines: request.body.mines }) };
  });
  route(r, routes.minesReveal, { onRequest: app.authenticate }, async (request) => {
    return { data: await revealTile(app, requireUserId(request), request.body.tile) };
  });
  route(r, routes.minesCashout, { onRequest: app.authenticate }, async (request) => {
    return { data: await cashOut(app, requireUserId(request)) };
  });
  route(r, routes.minesCurrent, { onRequest: app.authenticate }, async (request) => {
    return { data: await currentBoard(app, requireUserId(request)) };
  });
  listedHistoryRoute(app, routes.minesHistory, (query) => minesHistory(app.db, query));
}
