import { z } from 'zod';
import { DISPLAY_CURRENCIES, MAX_RATE, RATE_DECIMALS, RATED_CURRENCIES, rateMicros } from '../money/displayCurrency.ts';
import { calendarDate } from './text.ts';

// The display currencies' rates (docs/payments.md, "Display currencies"). Rates are units of the
// currency per coin on the wire (0.92), millionths inside.
//   GET /api/display-rates                       → {data: DisplayRate[]} (every currency with a rate; USD always)
//   GET /api/admin/display-rates                 → {data: DisplayRate[]} (the console: every rated currency, null until set)
//   PUT /api/admin/display-rates/{currency}      body {per_coin, as_of} → {message, data: DisplayRate[]}

export const DisplayRateSchema = z.object({
  currency: z.enum(DISPLAY_CURRENCIES),
  /** Units of the currency per coin. */
  per_coin: z.number(),
  /** The day the rate was taken (YYYY-MM-DD); null for USD, the coin's own. */
  as_of: z.string().nullable(),
});
export type DisplayRate = z.infer<typeof DisplayRateSchema>;
export const DisplayRatesAnswerSchema = z.object({ data: z.array(DisplayRateSchema) });

export const AdminDisplayRateSchema = z.object({ currency: z.enum(RATED_CURRENCIES), per_coin: z.number().nullable(), as_of: z.string().nullable(), updated_at: z.string().nullable() });
export const AdminDisplayRatesAnswerSchema = z.object({ data: z.array(AdminDisplayRateSchema) });
export const AdminDisplayRateSavedSchema = z.object({ message: z.string(), data: z.array(AdminDisplayRateSchema) });

export const DisplayRateParams = z.object({ currency: z.enum(RATED_CURRENCIES, { error: `The currency must be one of ${RATED_CURRENCIES.join(', ')}.` }) });

const RATE_MESSAGE = `The rate must be a number above 0 and at most ${MAX_RATE}, with at most ${RATE_DECIMALS} decimals.`;
export const DisplayRateBodySchema = z.object({
  per_coin: z.number({ error: RATE_MESSAGE }).refine((v) => rateMicros(v) !== null, { message: RATE_MESSAGE }),
  as_of: calendarDate('as of'),
});
export type DisplayRateBody = z.input<typeof DisplayRateBodySchema>;
