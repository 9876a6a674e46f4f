import type { RouteSchemas } from '../../route.ts';
import * as accountSecurityProtocol from '../../accountSecurity.ts';
import * as authProtocol from '../../auth.ts';
import * as configProtocol from '../../config.ts';
import * as depositProtocol from '../../deposit.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as realtimeSchemasProtocol from '../../realtimeSchemas.ts';
import * as rewardsProtocol from '../../rewards.ts';
import * as trackingProtocol from '../../tracking.ts';
import * as userProtocol from '../../user.ts';

// The contracts of core/protocol/routes/shell.ts's routes, under the same names: each one's schemas
// from core/protocol. Only the server, the tests and the console load this module.

export const promocodeValidate = { body: depositProtocol.PromocodeValidateSchema, answer: depositProtocol.PromocodeResponseSchema } satisfies RouteSchemas;
export const promocodeCheck = { query: depositProtocol.PromocodeValidateSchema, answer: depositProtocol.PromocodeCheckAnswerSchema, others: { 401: errorSchemasProtocol.MessageAnswerSchema } } satisfies RouteSchemas;
export const profile = { answer: userProtocol.ProfileAnswerSchema } satisfies RouteSchemas;
export const logout = { answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const publicConfig = { answer: configProtocol.PublicConfigSchema } satisfies RouteSchemas;
export const trackingLink = { params: trackingProtocol.trackingParams, query: trackingProtocol.trackingQuery, answer: trackingProtocol.trackingResponse } satisfies RouteSchemas;
export const oauthToken = { answer: accountSecurityProtocol.TokenGrantAnswerSchema } satisfies RouteSchemas;
export const lastDrops = { query: realtimeSchemasProtocol.DropsQuerySchema, answer: realtimeSchemasProtocol.DropsAnswerSchema } satisfies RouteSchemas;
export const cashback = { answer: rewardsProtocol.CashbackAnswerSchema, others: { 401: errorSchemasProtocol.MessageAnswerSchema } } satisfies RouteSchemas;
