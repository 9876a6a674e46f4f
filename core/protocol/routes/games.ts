import { route } from '../route.ts';

// The instant games' routes (dice, plinko, upgrade), their histories and the weekly leaderboard.
// Each entry: method, path and its schemas in core/protocol (loaded on demand: core/protocol/route.ts).
const load = () => Promise.all([import('../errorSchemas.ts'), import('../games.ts'), import('../rewards.ts')]).then(([errorSchemas, games, rewards]) => ({ errorSchemas, games, rewards }));

export const diceBet = route('POST', '/api/dice/bet', load, (m) => ({ body: m.games.DiceBetSchema, answer: m.games.DiceBetAnswerSchema }));
export const diceHistory = route('GET', '/api/dice/history', load, (m) => ({ query: m.games.GameHistoryQuerySchema, answer: m.games.GameHistoryAnswerSchema }));

export const plinkoConfig = route('GET', '/api/plinko/config', load, (m) => ({ answer: m.games.PlinkoConfigAnswerSchema }));
export const plinkoCurrent = route('GET', '/api/plinko/current', load, (m) => ({ answer: m.games.PlinkoCurrentAnswerSchema }));
export const plinkoBet = route('POST', '/api/plinko/bet', load, (m) => ({ body: m.games.PlinkoBetSchema, answer: m.games.PlinkoBetAnswerSchema }));
export const plinkoLeaderboard = route('GET', '/api/plinko/leaderboard', load, (m) => ({ query: m.games.GameLeaderboardQuerySchema, answer: m.games.GameLeaderboardAnswerSchema }));
export const plinkoHistory = route('GET', '/api/plinko/history', load, (m) => ({ query: m.games.GameHistoryQuerySchema, answer: m.games.GameHistoryAnswerSchema }));

export const upgradeBet = route('POST', '/api/upgrade', load, (m) => ({ body: m.games.UpgradeSchema, answer: m.games.UpgradeAnswerSchema }));
export const upgradeItems = route('GET', '/api/upgrade/items', load, (m) => ({ query: m.games.UpgradeItemsQuerySchema, answer: m.games.UpgradeItemsAnswerSchema }));
export const upgradeHistory = route('GET', '/api/upgrade/history', load, (m) => ({ query: m.games.GameHistoryQuerySchema, answer: m.games.GameHistoryAnswerSchema }));

export const leaderboard = route('GET', '/api/leaderboard', load, (m) => ({ query: m.rewards.LeaderboardQuerySchema, answer: m.rewards.LeaderboardAnswerSchema, others: { 422: m.errorSchemas.ValidationAnswerSchema } }));
