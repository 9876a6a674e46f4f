import { z } from 'zod';
import { coinsToCents } from '../money/cents.ts';
import { coinAmountProblem, type CoinAmountRange } from './amountRules.ts';

// The one schema of a coin amount on the wire. Bodies carry coins with at most two decimals
// (33.75); routes receive integer cents. A number that is not exactly a whole cent (0.100000001,
// NaN, a negative) is refused with a field message, so the value that is checked is the value
// that is debited and paid: nothing downstream rounds.

export interface CoinAmountLimits extends CoinAmountRange {
  /** Query strings: the text is read as a number first. */
  coerce?: boolean;
}

/** Coins in, cents out: `coinAmount({min: 10, max: 100_000})` accepts 0.10 … 1000.00. */
export function coinAmount({ min = 0, max = Number.MAX_SAFE_INTEGER, coerce = false, minMessage }: CoinAmountLimits = {}) {
  const number = z.number({ error: 'The amount must be a number.' });
  // Typed as the plain number either way, so a body's input type stays `number` (a query's text
  // is read as a number first; its input type matters to nobody).
  const source = coerce ? (z.coerce.number({ error: 'The amount must be a number.' }) as unknown as typeof number) : number;
  return source
    .transform((coins, ctx) => {
      const problem = coinAmountProblem(coins, { min, max, minMessage });
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return coinsToCents(coins)!;
    });
}
