import { route } from '../route.ts';

// Box battles: the list, the bots, one battle and its actions.
// Each entry: method, path and its schemas in core/protocol (loaded on demand: core/protocol/route.ts).
const load = () => Promise.all([import('../battle.ts'), import('../errorSchemas.ts'), import('../pathParams.ts')]).then(([battle, errorSchemas, pathParams]) => ({ battle, errorSchemas, pathParams }));

export const battles = route('GET', '/api/battles', load, (m) => ({ query: m.battle.BattleListQuerySchema, answer: m.battle.BattleListAnswerSchema, others: { 422: m.errorSchemas.ValidationAnswerSchema } }));
export const battleBots = route('GET', '/api/battles/bots', load, (m) => ({ answer: m.battle.BattleBotsAnswerSchema }));
export const battle = route('GET', '/api/battles/:id', load, (m) => ({ params: m.pathParams.BattleIdParams, query: m.battle.BattleKeyQuerySchema, answer: m.battle.BattleDetailAnswerSchema, others: { 404: m.errorSchemas.MsgRefusalSchema } }));
export const battleCreate = route('POST', '/api/battles/create', load, (m) => ({ body: m.battle.BattleCreateSchema, answer: m.battle.BattleCreateAnswerSchema, others: m.battle.BattleActionRefusals }));
export const battleJoin = route('POST', '/api/battles/:id/join', load, (m) => ({ params: m.pathParams.BattleIdParams, body: m.battle.BattleJoinSchema, answer: m.battle.BattleMsgAnswerSchema, others: m.battle.BattleActionRefusals }));
export const battleAddBots = route('POST', '/api/battles/:id/add-bots', load, (m) => ({ params: m.pathParams.BattleIdParams, body: m.battle.BattleAddBotsSchema, answer: m.battle.BattleMsgAnswerSchema, others: m.battle.BattleActionRefusals }));
export const battleCancel = route('POST', '/api/battles/:id/cancel', load, (m) => ({ params: m.pathParams.BattleIdParams, answer: m.battle.BattleMsgAnswerSchema, others: m.battle.BattleActionRefusals }));
