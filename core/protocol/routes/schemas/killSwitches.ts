import type { RouteSchemas } from '../../route.ts';
import * as killSwitchesProtocol from '../../killSwitches.ts';

// The contracts of core/protocol/routes/killSwitches.ts's routes, under the same names.

export const killSwitchesOff = { answer: killSwitchesProtocol.OffSwitchesAnswerSchema } satisfies RouteSchemas;
export const adminKillSwitches = { answer: killSwitchesProtocol.KillSwitchesAnswerSchema } satisfies RouteSchemas;
export const adminKillSwitchUpdate = { params: killSwitchesProtocol.KillSwitchParams, body: killSwitchesProtocol.KillSwitchBodySchema, answer: killSwitchesProtocol.KillSwitchSavedSchema } satisfies RouteSchemas;
