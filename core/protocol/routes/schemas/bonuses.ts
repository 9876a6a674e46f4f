import type { RouteSchemas } from '../../route.ts';
import * as bonusesProtocol from '../../bonuses.ts';
import { IdParams } from '../../pathParams.ts';

// The contracts of core/protocol/routes/bonuses.ts's routes, under the same names.

export const bonuses = { answer: bonusesProtocol.BonusesAnswerSchema } satisfies RouteSchemas;
export const bonusForfeit = { params: IdParams, answer: bonusesProtocol.BonusForfeitAnswerSchema } satisfies RouteSchemas;
export const bonusTerms = { body: bonusesProtocol.BonusTermsQuerySchema, answer: bonusesProtocol.BonusTermsAnswerSchema } satisfies RouteSchemas;
export const bonusRules = { answer: bonusesProtocol.BonusRulesAnswerSchema } satisfies RouteSchemas;
