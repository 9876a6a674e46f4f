import type { RouteSchemas } from '../../route.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as vipProtocol from '../../vip.ts';

// The contracts of core/protocol/routes/vip.ts's routes, under the same names.

const signedIn = { 401: errorSchemasProtocol.MessageAnswerSchema };
export const vip = { answer: vipProtocol.VipAnswerSchema, others: signedIn } satisfies RouteSchemas;
export const vipRakebackClaim = { answer: vipProtocol.VipRakebackClaimAnswerSchema, others: signedIn } satisfies RouteSchemas;
export const vipRankBonusClaim = { answer: vipProtocol.VipRankBonusClaimAnswerSchema, others: signedIn } satisfies RouteSchemas;
