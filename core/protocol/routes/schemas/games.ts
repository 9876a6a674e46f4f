import type { RouteSchemas } from '../../route.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as gamesProtocol from '../../games.ts';
import * as rewardsProtocol from '../../rewards.ts';

// The contracts of core/protocol/routes/games.ts's routes, under the same names: each one's schemas
// from core/protocol. Only the server, the tests and the console load this module.

export const diceBet = { body: gamesProtocol.DiceBetSchema, answer: gamesProtocol.DiceBetAnswerSchema } satisfies RouteSchemas;
export const diceHistory = gamesProtocol.GameHistoryContract;
export const plinkoConfig = { answer: gamesProtocol.PlinkoConfigAnswerSchema } satisfies RouteSchemas;
export const plinkoCurrent = { answer: gamesProtocol.PlinkoCurrentAnswerSchema } satisfies RouteSchemas;
export const plinkoBet = { body: gamesProtocol.PlinkoBetSchema, answer: gamesProtocol.PlinkoBetAnswerSchema } satisfies RouteSchemas;
export const plinkoLeaderboard = { query: gamesProtocol.GameLeaderboardQuerySchema, answer: gamesProtocol.GameLeaderboardAnswerSchema } satisfies RouteSchemas;
export const plinkoHistory = gamesProtocol.GameHistoryContract;
export const upgradeBet = { body: gamesProtocol.UpgradeSchema, answer: gamesProtocol.UpgradeAnswerSchema } satisfies RouteSchemas;
export const upgradeItems = { query: gamesProtocol.UpgradeItemsQuerySchema, answer: gamesProtocol.UpgradeItemsAnswerSchema } satisfies RouteSchemas;
export const upgradeHistory = gamesProtocol.GameHistoryContract;
export const leaderboard = { query: rewardsProtocol.LeaderboardQuerySchema, answer: rewardsProtocol.LeaderboardAnswerSchema, others: { 422: errorSchemasProtocol.ValidationAnswerSchema } } satisfies RouteSchemas;
