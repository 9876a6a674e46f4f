import { coinsToCents, formatCents, type Cents } from '../money/cents.ts';

// What makes a coin amount acceptable, with the field messages, without zod: the route schemas
// (coinAmount in amount.ts) and the pages that check an amount before sending it without loading
// the schema library (the wheel's bet panel) give the same answer.

export interface CoinAmountRange {
  /** The message for an amount below `min`, where the product words it its own way. */
  minMessage?: string;
  /** Smallest accepted amount in cents (inclusive). */
  min?: Cents;
  /** Largest accepted amount in cents (inclusive). */
  max?: Cents;
}

/** Why `coins` is no acceptable amount, or null when it is. */
export function coinAmountProblem(coins: number, { min = 0, max = Number.MAX_SAFE_INTEGER, minMessage }: CoinAmountRange = {}): string | null {
  if (typeof coins !== 'number') return 'The amount must be a number.';
  const cents = coinsToCents(coins);
  if (cents === null) return Number.isFinite(coins) && coins >= 0 ? 'The amount may have at most 2 decimals.' : 'The amount must be a positive number.';
  if (cents < min) return minMessage ?? `The amount must be at least ${formatCents(min)}.`;
  if (cents > max) return `The amount may not be greater than ${formatCents(max)}.`;
  return null;
}
