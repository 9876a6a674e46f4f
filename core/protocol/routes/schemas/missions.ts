import type { RouteSchemas } from '../../route.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as missionsProtocol from '../../missions.ts';

// The contracts of core/protocol/routes/missions.ts's routes, under the same names.

const signedIn = { 401: errorSchemasProtocol.MessageAnswerSchema };
export const challenges = { answer: missionsProtocol.ChallengesAnswerSchema } satisfies RouteSchemas;
export const missions = { answer: missionsProtocol.MissionsAnswerSchema, others: signedIn } satisfies RouteSchemas;
export const missionClaim = {
  params: missionsProtocol.MissionParamsSchema,
  answer: missionsProtocol.MissionClaimAnswerSchema,
  // Its 422s are refusals with msg (not done, claimed, on a break) or the validation shape of a bad id:
  // left undeclared like the other claims' (a declared 422 must take the validation shape whole).
  others: { ...signedIn, 404: errorSchemasProtocol.MsgRefusalSchema },
} satisfies RouteSchemas;
