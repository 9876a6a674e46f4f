// Money is integer cents everywhere inside the product. The wire carries coin amounts as
// numbers with at most 2 decimals (e.g. 33.75); these helpers convert at the edge.

export type Cents = number;

/** 2550 → 25.5 (a JSON number; display with formatCoins). */
export function centsToCoins(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** 25.5 → 2550; null for NaN, infinities, negatives or more than 2 decimals. */
export function coinsToCents(coins: number): Cents | null {
  if (typeof coins !== 'number' || !Number.isFinite(coins) || coins < 0) return null;
  const cents = Math.round(coins * 100);
  if (Math.abs(cents - coins * 100) > 1e-6) return null;
  if (!Number.isSafeInteger(cents)) return null;
  return cents;
}

/** 2550 → '25.50', always 2 decimals, no grouping (tabular figures in the UI). */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 25.5 → '25.50'. */
export function formatCoins(coins: number): string {
  return formatCents(Math.round(coins * 100));
}
