import { route } from '../route.ts';

// The round games: crash and wheel.
// Each entry: method, path and its schemas in core/protocol (loaded on demand: core/protocol/route.ts).
const load = () => Promise.all([import('../crash.ts'), import('../errorSchemas.ts'), import('../wheel.ts')]).then(([crash, errorSchemas, wheel]) => ({ crash, errorSchemas, wheel }));

export const crashBet = route('POST', '/api/crash/bet', load, (m) => ({ body: m.crash.CrashBetSchema, answer: m.crash.CrashBetResponseSchema, others: { 409: m.errorSchemas.MsgRefusalSchema, 422: m.errorSchemas.ValidationAnswerSchema } }));
export const crashCloseBet = route('POST', '/api/crash/close-bet', load, (m) => ({ body: m.crash.CrashCloseBetSchema, answer: m.crash.CrashCloseBetResponseSchema, others: { 409: m.errorSchemas.MsgRefusalSchema, 422: m.errorSchemas.ValidationAnswerSchema } }));
export const crashRecentGames = route('GET', '/api/crash/recent-games', load, (m) => ({ query: m.crash.CrashRecentGamesQuery, answer: m.crash.CrashRecentGamesResponseSchema }));
export const crashLeaderboard = route('GET', '/api/crash/leaderboard', load, (m) => ({ query: m.crash.CrashLeaderboardQuery, answer: m.crash.CrashLeaderboardResponseSchema }));
export const wheelConfig = route('GET', '/api/wheel/config', load, (m) => ({ answer: m.wheel.WheelConfigResponseSchema }));
export const wheelBet = route('POST', '/api/wheel/bet', load, (m) => ({ body: m.wheel.wheelBetSchema(), answer: m.wheel.WheelBetResponseSchema, others: { 409: m.errorSchemas.MsgRefusalSchema, 422: m.errorSchemas.ValidationAnswerSchema } }));
export const wheelBetCancel = route('POST', '/api/wheel/bet/:id/cancel', load, (m) => ({ params: m.wheel.WheelBetIdParams, body: m.wheel.WheelCancelSchema, answer: m.wheel.WheelCancelResponseSchema, others: { 404: m.errorSchemas.MsgRefusalSchema, 409: m.errorSchemas.MsgRefusalSchema } }));
export const wheelRecentGames = route('GET', '/api/wheel/recent-games', load, (m) => ({ query: m.wheel.WheelLimitQuery, answer: m.wheel.WheelRecentGamesResponseSchema }));
export const wheelRecentBets = route('GET', '/api/wheel/recent-bets', load, (m) => ({ query: m.wheel.WheelLimitQuery, answer: m.wheel.WheelSettledBetsResponseSchema }));
export const wheelTopPayouts = route('GET', '/api/wheel/top-payouts', load, (m) => ({ query: m.wheel.WheelLimitQuery, answer: m.wheel.WheelSettledBetsResponseSchema }));
export const wheelSeeds = route('GET', '/api/wheel/seeds', load, (m) => ({ query: m.wheel.WheelLimitQuery, answer: m.wheel.WheelSeedsResponseSchema }));
