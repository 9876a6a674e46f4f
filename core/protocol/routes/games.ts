import { route, type Route } from '../route.ts';
import type * as contract from './schemas/games.ts';
import type { GameHistoryContract } from '../games.ts';
import type { HistoryRowGame } from '../../games/catalog.ts';

// The instant games' routes (dice, plinko, upgrade), their histories and the weekly leaderboard.
// Each entry: method and path, typed by its contract in ./schemas/games.ts (core/protocol/route.ts).

export const diceBet = route<typeof contract.diceBet>()('POST', '/api/dice/bet');
export const diceHistory = route<typeof contract.diceHistory>()('GET', '/api/dice/history');
export const plinkoConfig = route<typeof contract.plinkoConfig>()('GET', '/api/plinko/config');
export const plinkoCurrent = route<typeof contract.plinkoCurrent>()('GET', '/api/plinko/current');
export const plinkoBet = route<typeof contract.plinkoBet>()('POST', '/api/plinko/bet');
export const plinkoLeaderboard = route<typeof contract.plinkoLeaderboard>()('GET', '/api/plinko/leaderboard');
export const plinkoHistory = route<typeof contract.plinkoHistory>()('GET', '/api/plinko/history');
export const upgradeBet = route<typeof contract.upgradeBet>()('POST', '/api/upgrade');
export const upgradeItems = route<typeof contract.upgradeItems>()('GET', '/api/upgrade/items');
export const upgradeHistory = route<typeof contract.upgradeHistory>()('GET', '/api/upgrade/history');
/**
 * An instant game's history address, derived from the catalog's instant games and their one history
 * contract: every game's `<game>History` entry (this file's, routes/limbo.ts's) fits it by construction,
 * so a game page hands its own to GameHistory (src/features/games/GameHistory.tsx).
 */
export type GameHistoryRoute = Route<'GET', `/api/${HistoryRowGame}/history`, typeof GameHistoryContract>;

export const leaderboard = route<typeof contract.leaderboard>()('GET', '/api/leaderboard');
