// Box economics, shared by the server (prices, validation of user boxes) and the client (the
// create form shows the same price and limits before it is sent).
//
// Odds are integer "units" out of ODDS_TOTAL (100 000 = 100 %, so 1 unit = 0.001 %), the same
// count as the provably-fair tickets: a box's items take consecutive ticket ranges 1..100 000 in
// their listed order (core/fair ticketRanges), and the ticket drawn from the player's seed pair
// picks the item whose range holds it (see docs/boxes.md).
import { TICKETS } from '../fair/outcomes.ts';
import { exactSteps } from '../money/cents.ts';

export const ODDS_TOTAL = TICKETS;

/** The share of the expected item value the house keeps on every standard or unique box. */
export const HOUSE_EDGE = 0.1;

/** Paid to a custom box's creator on every opening by someone else, as a share of the price. */
export const CREATOR_COMMISSION = 0.01;

/** A custom box adds the creator's commission on top of the house edge. */
export const CUSTOM_BOX_EDGE = HOUSE_EDGE + CREATOR_COMMISSION;

export const BOX_TYPES = ['standard', 'unique', 'custom'] as const;
export type BoxType = (typeof BOX_TYPES)[number];

export const MAX_OPEN_QUANTITY = 5;

/** Limits of a player-made (custom) box. */
export const USER_BOX_LIMITS = {
  minItems: 2,
  maxItems: 20,
  /** 0.01 %: below this an item is decoration, not a chance. */
  minOddsUnits: 10,
  /** 95 %: a box must be a gamble, not a purchase at a markup. */
  maxOddsUnits: 95_000,
  nameMin: 3,
  nameMax: 40,
  /** No custom box cheaper than 0.10 coins. */
  minPriceCents: 10,
} as const;

export interface OddsItem {
  /** Integer cents. */
  price: number;
  /** Integer units out of ODDS_TOTAL. */
  oddsUnits: number;
}

/** The expected value of one opening in cents (not rounded). */
export function expectedValueCents(items: readonly OddsItem[]): number {
  return items.reduce((sum, item) => sum + (item.price * item.oddsUnits) / ODDS_TOTAL, 0);
}

/** The box price: expected value grossed up by the edge, rounded up to a whole cent. */
export function boxPriceCents(items: readonly OddsItem[], edge: number = HOUSE_EDGE): number {
  return Math.max(1, Math.ceil(expectedValueCents(items) / (1 - edge) - 1e-9));
}

/** Selling an item back pays this share of its price. */
export const SALE_SHARE = 0.9;

export function salePriceCents(priceCents: number): number {
  return Math.floor(priceCents * SALE_SHARE);
}

export function creatorCommissionCents(boxPrice: number): number {
  return Math.floor(boxPrice * CREATOR_COMMISSION);
}

/** '12.345' % ↔ 12 345 units. */
export function unitsToPercent(units: number): number {
  return units / 1000;
}

export function percentToUnits(percent: number): number | null {
  const units = exactSteps(percent, 3);
  return units !== null && units > 0 ? units : null;
}

/** First problem of a custom box's item list, or null. Messages are shown to the player as is. */
export function userBoxProblem(items: readonly { oddsUnits: number }[]): string | null {
  const L = USER_BOX_LIMITS;
  if (items.length < L.minItems) return `A box needs at least ${L.minItems} items.`;
  if (items.length > L.maxItems) return `A box may hold at most ${L.maxItems} items.`;
  for (const item of items) {
    if (!Number.isSafeInteger(item.oddsUnits) || item.oddsUnits < L.minOddsUnits) return `Each item's odds must be at least ${unitsToPercent(L.minOddsUnits)}% with at most 3 decimals.`;
    if (item.oddsUnits > L.maxOddsUnits) return `An item's odds may be at most ${unitsToPercent(L.maxOddsUnits)}%.`;
  }
  return oddsSumProblem(items);
}

/** The odds of a box sum to exactly 100 % (ODDS_TOTAL units): an integer check, or its message. */
export function oddsSumProblem(items: readonly { oddsUnits: number }[]): string | null {
  const sum = items.reduce((s, i) => s + i.oddsUnits, 0);
  if (sum !== ODDS_TOTAL) return `The odds must add up to 100% (now ${unitsToPercent(sum)}%).`;
  return null;
}

/**
 * A box's return to player: the expected value of one opening over its price (0.9 is 90 %). The one
 * formula of the console's live figure, the server's check and the versions list.
 */
export function boxRtp(items: readonly OddsItem[], boxPriceCents: number): number {
  return boxPriceCents > 0 ? expectedValueCents(items) / boxPriceCents : 0;
}

/** Limits of a shop box published from the operator console (docs/operator-console.md). */
export const CATALOG_BOX_LIMITS = {
  minItems: 2,
  maxItems: 50,
  /** Above 100 % the shop pays out more than it takes on every opening. */
  maxRtp: 1,
} as const;

/** First problem of a console box's items and price, or null. */
export function catalogBoxProblem(items: readonly OddsItem[], boxPriceCents: number): string | null {
  const L = CATALOG_BOX_LIMITS;
  if (items.length < L.minItems) return `A box needs at least ${L.minItems} items.`;
  if (items.length > L.maxItems) return `A box may hold at most ${L.maxItems} items.`;
  if (items.some((i) => !Number.isSafeInteger(i.oddsUnits) || i.oddsUnits < 1)) return `Each item's odds must be at least ${unitsToPercent(1)}% with at most 3 decimals.`;
  const sum = oddsSumProblem(items);
  if (sum) return sum;
  if (boxRtp(items, boxPriceCents) > L.maxRtp) return `The return to player would be ${formatRtp(boxRtp(items, boxPriceCents))}: at most ${formatRtp(L.maxRtp)}. Raise the price or lower the odds of the dearest items.`;
  return null;
}

/** 0.91234 → '91.23%'. */
export function formatRtp(rtp: number): string {
  return `${(Math.floor(rtp * 10_000) / 100).toFixed(2)}%`;
}
