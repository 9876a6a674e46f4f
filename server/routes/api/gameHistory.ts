import type { FastifyInstance } from 'fastify';
import { routes, type RouteName } from '../../../core/protocol/routeTable.ts';
import { route } from '../../http/route.ts';
import { gameHistory } from '../../games/history.ts';
import type { InstantGame } from '../../games/schema.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { unauthenticated } from '../../http/errors.ts';

// The history call every instant game (dice, plinko, upgrade) serves; its lists are games/history.ts.

const HISTORY_ROUTES = { dice: 'diceHistory', plinko: 'plinkoHistory', upgrade: 'upgradeHistory' } as const satisfies Record<InstantGame, RouteName>;

/** GET /api/{game}/history?scope=mine|recent|high_wins&limit=n → {data: GameBetRow[]}. */
export function historyRoutes(app: FastifyInstance, game: InstantGame): void {
  route(app, routes[HISTORY_ROUTES[game]], {}, async (request) => {
    const { scope, limit } = request.query;
    if (scope === 'mine' && request.userId === null) throw unauthenticated();
    const userId = scope === 'mine' ? requireUserId(request) : undefined;
    return { data: await gameHistory(app.db, { game, scope, userId, limit }) };
  });
}
