import { route } from '../route.ts';
import type * as contract from './schemas/rounds.ts';

// The round games: crash and wheel.
// Each entry: method and path, typed by its contract in ./schemas/rounds.ts (core/protocol/route.ts).

export const crashBet = route<typeof contract.crashBet>()('POST', '/api/crash/bet');
export const crashCloseBet = route<typeof contract.crashCloseBet>()('POST', '/api/crash/close-bet');
export const crashRecentGames = route<typeof contract.crashRecentGames>()('GET', '/api/crash/recent-games');
export const crashLeaderboard = route<typeof contract.crashLeaderboard>()('GET', '/api/crash/leaderboard');
export const wheelConfig = route<typeof contract.wheelConfig>()('GET', '/api/wheel/config');
export const wheelBet = route<typeof contract.wheelBet>()('POST', '/api/wheel/bet');
export const wheelBetCancel = route<typeof contract.wheelBetCancel>()('POST', '/api/wheel/bet/:id/cancel');
export const wheelRecentGames = route<typeof contract.wheelRecentGames>()('GET', '/api/wheel/recent-games');
export const wheelRecentBets = route<typeof contract.wheelRecentBets>()('GET', '/api/wheel/recent-bets');
export const wheelTopPayouts = route<typeof contract.wheelTopPayouts>()('GET', '/api/wheel/top-payouts');
export const wheelSeeds = route<typeof contract.wheelSeeds>()('GET', '/api/wheel/seeds');
