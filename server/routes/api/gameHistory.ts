import type { FastifyInstance } from 'fastify';
import type { LoadedTable } from '../../../core/protocol/routeTable.ts';
import { route } from '../../http/route.ts';
import { gameHistory, type HistoryQuery } from '../../games/history.ts';
import type { InstantGame } from '../../games/schema.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { unauthenticated } from '../../http/errors.ts';
import type { GameBetRow } from '../../../core/protocol/games.ts';

// The history call every instant game serves, at its own address of the route table; its lists are
// games/history.ts. A stateful game (Mines) serves the same call from its own rows.

/** Any game's history entry: the same contract at its game's own path. */
type HistoryEntry = Omit<LoadedTable['diceHistory'], 'path'> & { path: string };

/** GET /api/{game}/history?scope=mine|recent|high_wins&limit=n → {data: GameBetRow[]}, listed by `list`. */
export function listedHistoryRoute(app: FastifyInstance, entry: HistoryEntry, list: (query: HistoryQuery) => Promise<GameBetRow[]>): void {
  route(app, entry, {}, async (request) => {
    const { scope, limit } = request.query;
    if (scope === 'mine' && request.userId === null) throw unauthenticated();
    const userId = scope === 'mine' ? requireUserId(request) : undefined;
    return { data: await list({ scope, userId, limit }) };
  });
}

/** An instant game's history, from its game_bets rows. */
export function historyRoutes(app: FastifyInstance, game: InstantGame, entry: HistoryEntry): void {
  listedHistoryRoute(app, entry, (query) => gameHistory(app.db, { game, ...query }));
}
