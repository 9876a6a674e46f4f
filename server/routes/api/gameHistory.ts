import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GameHistoryAnswerSchema, GameHistoryQuerySchema } from '../../../core/protocol/games.ts';
import { gameHistory } from '../../games/history.ts';
import type { InstantGame } from '../../games/schema.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { unauthenticated } from '../../http/errors.ts';

// The history call every instant game (dice, plinko, upgrade) serves; its lists are games/history.ts.

/** GET /api/{game}/history?scope=mine|recent|high_wins&limit=n → {data: GameBetRow[]}. */
export function historyRoutes(app: FastifyInstance, game: InstantGame): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(`/api/${game}/history`, { schema: { querystring: GameHistoryQuerySchema, response: { 200: GameHistoryAnswerSchema } } }, async (request) => {
    const { scope, limit } = request.query;
    if (scope === 'mine' && request.userId === null) throw unauthenticated();
    const userId = scope === 'mine' ? requireUserId(request) : undefined;
    return { data: await gameHistory(app.db, { game, scope, userId, limit }) };
  });
}
