import type { RouteSchemas } from '../../route.ts';
import * as crashProtocol from '../../crash.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as wheelProtocol from '../../wheel.ts';

// The contracts of core/protocol/routes/rounds.ts's routes, under the same names: each one's schemas
// from core/protocol. Only the server, the tests and the console load this module.

export const crashBet = { body: crashProtocol.CrashBetSchema, answer: crashProtocol.CrashBetResponseSchema, others: { 409: errorSchemasProtocol.MsgRefusalSchema, 422: errorSchemasProtocol.ValidationAnswerSchema } } satisfies RouteSchemas;
export const crashCloseBet = { body: crashProtocol.CrashCloseBetSchema, answer: crashProtocol.CrashCloseBetResponseSchema, others: { 409: errorSchemasProtocol.MsgRefusalSchema, 422: errorSchemasProtocol.ValidationAnswerSchema } } satisfies RouteSchemas;
export const crashRecentGames = { query: crashProtocol.CrashRecentGamesQuery, answer: crashProtocol.CrashRecentGamesResponseSchema } satisfies RouteSchemas;
export const crashLeaderboard = { query: crashProtocol.CrashLeaderboardQuery, answer: crashProtocol.CrashLeaderboardResponseSchema } satisfies RouteSchemas;
export const wheelConfig = { answer: wheelProtocol.WheelConfigResponseSchema } satisfies RouteSchemas;
export const wheelBet = { body: wheelProtocol.wheelBetSchema(), answer: wheelProtocol.WheelBetResponseSchema, others: { 409: errorSchemasProtocol.MsgRefusalSchema, 422: errorSchemasProtocol.ValidationAnswerSchema } } satisfies RouteSchemas;
export const wheelBetCancel = { params: wheelProtocol.WheelBetIdParams, body: wheelProtocol.WheelCancelSchema, answer: wheelProtocol.WheelCancelResponseSchema, others: { 404: errorSchemasProtocol.MsgRefusalSchema, 409: errorSchemasProtocol.MsgRefusalSchema } } satisfies RouteSchemas;
export const wheelRecentGames = { query: wheelProtocol.WheelLimitQuery, answer: wheelProtocol.WheelRecentGamesResponseSchema } satisfies RouteSchemas;
export const wheelRecentBets = { query: wheelProtocol.WheelLimitQuery, answer: wheelProtocol.WheelSettledBetsResponseSchema } satisfies RouteSchemas;
export const wheelTopPayouts = { query: wheelProtocol.WheelLimitQuery, answer: wheelProtocol.WheelSettledBetsResponseSchema } satisfies RouteSchemas;
export const wheelSeeds = { query: wheelProtocol.WheelLimitQuery, answer: wheelProtocol.WheelSeedsResponseSchema } satisfies RouteSchemas;
