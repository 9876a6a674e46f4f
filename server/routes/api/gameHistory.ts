import type { FastifyInstance } from 'fastify';
import type { LoadedTable } from '../../../core/protocol/routeTable.ts';
import { route } from '../../http/route.ts';
import { gameHistory } from '../../games/history.ts';
import type { InstantGame } from '../../games/schema.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { unauthenticated } from '../../http/errors.ts';

// The history call every instant game serves, at its own address of the route table; its lists are games/history.ts.

/** Any game's history entry: the same contract at its game's own path. */
type HistoryEntry = Omit<LoadedTable['diceHistory'], 'path'> & { path: string };

/** GET /api/{game}/history?scope=mine|recent|high_wins&limit=n → {data: GameBetRow[]}. */
export function historyRoutes(app: FastifyInstance, game: InstantGame, entry: HistoryEntry): void {
  route(app, entry, {}, async (request) => {
    const { scope, limit } = request.query;
    if (scope === 'mine' && request.userId === null) throw unauthenticated();
    const userId = scope === 'mine' ? requireUserId(request) : undefined;
    return { data: await gameHistory(app.db, { game, scope, userId, limit }) };
  });
}
