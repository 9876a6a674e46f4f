import type { RouteSchemas } from '../../route.ts';
import * as displayRatesProtocol from '../../displayRates.ts';

// The contracts of core/protocol/routes/displayRates.ts's routes, under the same names.

export const displayRates = { answer: displayRatesProtocol.DisplayRatesAnswerSchema } satisfies RouteSchemas;
