import type { RouteSchemas } from '../../route.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as transparencyProtocol from '../../transparency.ts';
import { fileAnswer } from '../../fileAnswer.ts';

// The contracts of core/protocol/routes/transparency.ts's routes, under the same names.

export const transparency = { answer: transparencyProtocol.TransparencyAnswerSchema } satisfies RouteSchemas;
export const publicBet = {
  params: transparencyProtocol.PublicBetParamsSchema,
  answer: transparencyProtocol.PublicBetAnswerSchema,
  others: { 404: errorSchemasProtocol.MessageAnswerSchema },
} satisfies RouteSchemas;
export const betCard = {
  params: transparencyProtocol.PublicBetParamsSchema,
  answer: fileAnswer('image/png', "The bet's share picture (1200×630), its link preview's og:image."),
  others: { 404: errorSchemasProtocol.MessageAnswerSchema },
} satisfies RouteSchemas;
const signedIn = { 401: errorSchemasProtocol.MessageAnswerSchema };
export const betName = { answer: transparencyProtocol.BetNameAnswerSchema, others: signedIn } satisfies RouteSchemas;
export const betNameSet = { body: transparencyProtocol.BetNameSchema, answer: transparencyProtocol.BetNameAnswerSchema, others: { ...signedIn, 422: errorSchemasProtocol.ValidationAnswerSchema } } satisfies RouteSchemas;
