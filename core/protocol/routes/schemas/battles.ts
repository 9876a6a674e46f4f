import type { RouteSchemas } from '../../route.ts';
import * as battleProtocol from '../../battle.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as pathParamsProtocol from '../../pathParams.ts';

// The contracts of core/protocol/routes/battles.ts's routes, under the same names: each one's schemas
// from core/protocol. Only the server, the tests and the console load this module.

export const battles = { query: battleProtocol.BattleListQuerySchema, answer: battleProtocol.BattleListAnswerSchema, others: { 422: errorSchemasProtocol.ValidationAnswerSchema } } satisfies RouteSchemas;
export const battleBots = { answer: battleProtocol.BattleBotsAnswerSchema } satisfies RouteSchemas;
export const battle = { params: pathParamsProtocol.BattleIdParams, query: battleProtocol.BattleKeyQuerySchema, answer: battleProtocol.BattleDetailAnswerSchema, others: { 404: errorSchemasProtocol.MsgRefusalSchema } } satisfies RouteSchemas;
export const battleCreate = { body: battleProtocol.BattleCreateSchema, answer: battleProtocol.BattleCreateAnswerSchema, others: battleProtocol.BattleActionRefusals } satisfies RouteSchemas;
export const battleJoin = { params: pathParamsProtocol.BattleIdParams, body: battleProtocol.BattleJoinSchema, answer: battleProtocol.BattleMsgAnswerSchema, others: battleProtocol.BattleActionRefusals } satisfies RouteSchemas;
export const battleAddBots = { params: pathParamsProtocol.BattleIdParams, body: battleProtocol.BattleAddBotsSchema, answer: battleProtocol.BattleMsgAnswerSchema, others: battleProtocol.BattleActionRefusals } satisfies RouteSchemas;
export const battleCancel = { params: pathParamsProtocol.BattleIdParams, answer: battleProtocol.BattleMsgAnswerSchema, others: battleProtocol.BattleActionRefusals } satisfies RouteSchemas;
