import { exactSteps, type Cents } from './cents.ts';

// Local-currency display (docs/payments.md, "Display currencies"): coins stay the unit of every
// balance, price, bet and payment; a player who picks a currency sees an approximate value in it
// beside their balance and the shop's prices. One coin is one US dollar (the deposits' rate), so
// USD needs no rate; the others' rates (units of the currency per coin) are set in the console
// with the day they were taken. Integer arithmetic: a rate is carried in millionths.

export const DISPLAY_CURRENCIES = ['EUR', 'USD', 'BRL', 'TRY', 'GBP'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

/** The currency deposits are paid in, one coin each (the deposit form names it beside the amount). */
export const COIN_CURRENCY: DisplayCurrency = 'USD';

/** The currencies whose rate the console sets (USD is the coin's own). */
export const RATED_CURRENCIES = DISPLAY_CURRENCIES.filter((c) => c !== COIN_CURRENCY);

/** Millionths of a currency unit per coin: a rate's exact steps. */
export const RATE_DECIMALS = 6;
/** The largest rate the console accepts (units per coin): well above any of these currencies' rates. */
export const MAX_RATE = 10_000;

const MICROS = 10 ** RATE_DECIMALS;

/** A rate (units per coin) as millionths: exactly the number given, or null (not above 0, over MAX_RATE, or more than RATE_DECIMALS decimals): nothing an operator typed is rounded. */
export function rateMicros(rate: number): number | null {
  const micros = exactSteps(rate, RATE_DECIMALS);
  return micros === null || micros <= 0 || micros > MAX_RATE * MICROS ? null : micros;
}

/** Millionths back to units per coin, as the wire carries a rate. */
export const rateOfMicros = (micros: number): number => micros / MICROS;

export const isDisplayCurrency = (value: unknown): value is DisplayCurrency => typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value);

/** The currency's cents worth `cents` coin cents at `microsPerCoin` (millionths of a unit per coin), rounded half up; in BigInt, as a large balance times a rate passes 2^53. */
export function approxMinorUnits(cents: Cents, microsPerCoin: number): number {
  const product = BigInt(Math.max(0, Math.round(cents))) * BigInt(microsPerCoin);
  return Number((product + 500_000n) / 1_000_000n);
}

const formatters = new Map<DisplayCurrency, Intl.NumberFormat>();

/** "≈ €12.34": the approximate value, in the en-US way of writing each currency. */
export function formatApprox(cents: Cents, currency: DisplayCurrency, microsPerCoin: number): string {
  let format = formatters.get(currency);
  if (!format) formatters.set(currency, (format = new Intl.NumberFormat('en-US', { style: 'currency', currency })));
  return `≈ ${format.format(approxMinorUnits(cents, microsPerCoin) / 100)}`;
}
