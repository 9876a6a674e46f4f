import { DEFAULT_LOCALE, type Locale } from '../text/locales.ts';
import { formatDecimalIn } from '../text/numbers.ts';

// Money is integer cents everywhere inside the product. The wire carries coin amounts as
// numbers with at most 2 decimals (e.g. 33.75); these helpers convert at the edge.

export type Cents = number;

/** 2550 → 25.5 (a JSON number; display with formatCoins). */
export function centsToCoins(cents: Cents): number {
  return Math.round(cents) / 100;
}

/**
 * The whole number of steps of 10^-decimals that `value` is, or null when it is not exactly such a
 * multiple: 33.75 with 2 decimals → 3375, but 0.010000001 → null. "Exactly" means `value` is the
 * double that the decimal text of those steps parses to, so a number that prices a bet and the
 * number that decides it can never differ (no tolerance that a crafted input could slip through).
 */
export function exactSteps(value: unknown, decimals: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const scale = 10 ** decimals;
  const steps = Math.round(value * scale);
  if (!Number.isSafeInteger(steps) || steps / scale !== value) return null;
  return steps + 0; // + 0 turns -0 into 0
}

/** 25.5 → 2550; null for NaN, infinities, negatives or anything that is not a whole cent. */
export function coinsToCents(coins: number): Cents | null {
  const cents = exactSteps(coins, 2);
  return cents === null || cents < 0 ? null : cents;
}

/**
 * Cents of a coin value that our own server or catalogue produced (always whole cents on the
 * wire), or of a number only compared, never paid (a price filter): 25.5 → 2550. Player input that
 * pays or is paid goes through coinsToCents instead, which refuses non-cents.
 */
export function centsOf(coins: number): Cents {
  return Math.round(coins * 100);
}

/** 2550 → '25.50', always 2 decimals, no grouping (tabular figures in the UI). */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Cents as a text in `locale` says them: en-US exactly formatCents ('1234.50', the spec's format);
 * the others with their own decimal sign and grouping, always 2 decimals (de-DE '1.234,50', fr-FR
 * '1 234,50'), as the client's formatCoins shows them (src/format/format.ts).
 */
export function formatCentsIn(locale: Locale, cents: Cents): string {
  if (locale === DEFAULT_LOCALE) return formatCents(cents);
  return formatDecimalIn(locale, Math.round(cents) / 100, 2);
}

/** 25.5 → '25.50'. */
export function formatCoins(coins: number): string {
  return formatCents(Math.round(coins * 100));
}
