import type { RouteSchemas } from '../../route.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as racesProtocol from '../../races.ts';

// The contracts of core/protocol/routes/races.ts's routes, under the same names.

export const races = { query: racesProtocol.RacesQuerySchema, answer: racesProtocol.RacesAnswerSchema, others: { 422: errorSchemasProtocol.ValidationAnswerSchema } } satisfies RouteSchemas;
export const adminRaceCreate = { body: racesProtocol.RaceCreateSchema, answer: racesProtocol.RaceCreatedSchema, others: { 422: errorSchemasProtocol.ValidationAnswerSchema } } satisfies RouteSchemas;
