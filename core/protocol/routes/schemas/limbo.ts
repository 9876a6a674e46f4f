import type { RouteSchemas } from '../../route.ts';
import * as gamesProtocol from '../../games.ts';
import * as limboProtocol from '../../limbo.ts';

// The contracts of core/protocol/routes/limbo.ts's routes, under the same names. Only the server,
// the tests and the console load this module.

export const limboBet = { body: limboProtocol.LimboBetSchema, answer: limboProtocol.LimboBetAnswerSchema } satisfies RouteSchemas;
export const limboHistory = gamesProtocol.GameHistoryContract;
