import { hundredthsToMultiplier } from './multiplier.ts';

// Crazy Wheel as a game (docs/wheel.md): the published 54-segment layout, what a colour pays, the
// exact return of each colour computed from the layout, and the default timings and limits.
// Multipliers are integer hundredths (3.5× = 350), so the number shown is the number paid.

/** Segments of the wheel: the round's chain hash picks one as floor(X × 54) (docs/fairness.md). */
export const WHEEL_SEGMENTS = 54;

export const WHEEL_COLORS = ['grey', 'blue', 'green', 'purple', 'gold'] as const;
export type WheelColor = (typeof WHEEL_COLORS)[number];

/** What a winning bet on the colour pays per coin staked, stake included, in hundredths. */
export const WHEEL_MULTIPLIERS: Readonly<Record<WheelColor, number>> = { grey: 200, blue: 350, green: 650, purple: 1300, gold: 5200 };

/** Colour names as the product shows them; gold is the rare "crazy" segment. */
export const WHEEL_COLOR_LABELS: Readonly<Record<WheelColor, string>> = { grey: 'Grey', blue: 'Blue', green: 'Green', purple: 'Purple', gold: 'Crazy' };

/** Display colours shared by the page and the scene. */
export const WHEEL_COLOR_HEX: Readonly<Record<WheelColor, number>> = { grey: 0x5b6478, blue: 0x2f7bff, green: 0x22c55e, purple: 0xa855f7, gold: 0xfacc15 };

// The layout, clockwise from the segment under the pointer at rest: the crazy segment at 0, grey on
// every even index after it, and the other colours spread over the odd ones so that no two
// segments of a colour other than grey touch.
const ODD_SEGMENTS = 'bgbpbgbbgbpbgbbgbpbgbbgbpgb';
const LETTER: Readonly<Record<string, WheelColor>> = { b: 'blue', g: 'green', p: 'purple' };

/** Colour of each segment by index (0 … 53). */
export const WHEEL_LAYOUT: readonly WheelColor[] = Array.from({ length: WHEEL_SEGMENTS }, (_, i) => {
  if (i === 0) return 'gold';
  if (i % 2 === 0) return 'grey';
  return LETTER[ODD_SEGMENTS[(i - 1) / 2]!]!;
});

export interface WheelSegment {
  index: number;
  color: WheelColor;
  /** The multiplier (e.g. 3.5). */
  multiplier: number;
}

export const WHEEL_SEGMENT_LIST: readonly WheelSegment[] = WHEEL_LAYOUT.map((color, index) => ({ index, color, multiplier: wheelMultiplier(color) }));

/** What a winning bet on the colour pays per coin staked, as shown and answered (3.5). */
export function wheelMultiplier(color: WheelColor): number {
  return hundredthsToMultiplier(WHEEL_MULTIPLIERS[color]);
}

export function wheelColorAt(segment: number): WheelColor {
  const color = WHEEL_LAYOUT[segment];
  if (color === undefined) throw new RangeError(`no wheel segment ${segment}`);
  return color;
}

/** Segments of the colour on the wheel. */
export function wheelColorCount(color: WheelColor): number {
  return WHEEL_LAYOUT.filter((c) => c === color).length;
}

/**
 * The exact return of a bet on the colour, as a fraction: P(colour) × multiplier =
 * count / 54 × hundredths / 100. Grey: 26 × 200 / 5400 = 26/27 = 96.296… %.
 */
export function wheelReturnFraction(color: WheelColor): { numerator: number; denominator: number } {
  const numerator = wheelColorCount(color) * WHEEL_MULTIPLIERS[color];
  const denominator = WHEEL_SEGMENTS * 100;
  const d = gcd(numerator, denominator);
  return { numerator: numerator / d, denominator: denominator / d };
}

/** The return in percent, to 2 decimals as published (96.30). */
export function wheelReturnPercent(color: WheelColor): number {
  const { numerator, denominator } = wheelReturnFraction(color);
  return Math.round((numerator * 10_000) / denominator) / 100;
}

/** What a bet of `amount` cents on `color` pays when `segment` wins, in whole cents rounded down (0 when it loses). */
export function wheelPayout(amount: number, color: WheelColor, segment: number): number {
  return wheelColorAt(segment) === color ? Math.floor((amount * WHEEL_MULTIPLIERS[color]) / 100) : 0;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Bet limits in cents: 0.10 … 1 000.00 coins (defaults; the server's configuration may narrow them). */
export const WHEEL_MIN_BET = 10;
export const WHEEL_MAX_BET = 100_000;

export interface WheelLimits {
  /** Cents. */
  minBet: number;
  maxBet: number;
}

/**
 * Bets one player may place in one round (canceled ones included): room for every colour twice, and a
 * bound on the round's rows and on the snapshot every viewer is sent (docs/wheel.md, "Betting rules").
 */
export const WHEEL_MAX_BETS_PER_PLAYER_ROUND = 10;

export const WHEEL_DEFAULT_LIMITS: WheelLimits = { minBet: WHEEL_MIN_BET, maxBet: WHEEL_MAX_BET };

/** Default round timings in ms (the server's configuration may change them). */
export const WHEEL_DEFAULT_TIMINGS = {
  /** `starting`: the betting window with its countdown. */
  bettingMs: 15_000,
  /** `pending`: bets closed, the spin about to start. */
  pendingMs: 1000,
  /** `in_progress`: the spin. */
  spinMs: 5000,
  /** After `ended`, before the next round's `new`: the result stays on show. */
  pauseMs: 4000,
} as const;
