import type { RouteSchemas } from '../../route.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as profilesProtocol from '../../profiles.ts';

// The contracts of core/protocol/routes/profiles.ts's routes, under the same names.

const signedIn = { 401: errorSchemasProtocol.MessageAnswerSchema };
export const publicProfile = { params: profilesProtocol.PublicProfileParams, answer: profilesProtocol.PublicProfileAnswerSchema, others: { 404: errorSchemasProtocol.MsgRefusalSchema } } satisfies RouteSchemas;
export const publicProfileSettings = { answer: profilesProtocol.PublicProfileSettingsAnswerSchema, others: signedIn } satisfies RouteSchemas;
export const publicProfileSettingsSet = {
  body: profilesProtocol.PublicProfileSettingsSchema,
  answer: profilesProtocol.PublicProfileSettingsAnswerSchema,
  others: { ...signedIn, 422: errorSchemasProtocol.ValidationAnswerSchema },
} satisfies RouteSchemas;
export const streamerMode = { body: profilesProtocol.StreamerModeSchema, answer: profilesProtocol.StreamerModeAnswerSchema, others: { ...signedIn, 422: errorSchemasProtocol.ValidationAnswerSchema } } satisfies RouteSchemas;
