import { seedBytes } from './seedPair.ts';

// Limbo's result multiplier from a seed pair (docs/limbo.md). The first float of the stream is
// f = n / 2³², n the big-endian integer of its 4 bytes (the float of every seed-pair game, in whole
// steps). The published rule is result = max(1, floor(0.99 / f × 100) / 100): 1 % edge, two
// decimals. Computed as floor(99 × 2³² / n) hundredths, exact in integers (99 × 2³² < 2⁵³), so no
// float rounding can move a result across a target: result ≥ t (t in hundredths T) exactly when
// n ≤ 99 × 2³² / T, which floor(99 × 2³² / T) + 1 of the 2³² values of n satisfy, P = 0.99 / t
// within 2⁻³². n = 0 (and any result above it) shows as the largest target: no bet can ask more,
// so the cap changes no bet's odds.

/** The largest result and target, in hundredths (1,000,000.00×). */
export const LIMBO_MAX_RESULT_HUNDREDTHS = 100_000_000;
const SCALE = 2 ** 32;
/** 99 % of 100 hundredths × 2³²: the numerator of every result. */
const NUMERATOR = 99 * SCALE;

/** The result in hundredths from the float's integer n (0 … 2³² − 1). */
export function limboHundredthsOf(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n >= SCALE) throw new Error('n must be an integer from 0 to 2^32 - 1');
  if (n === 0) return LIMBO_MAX_RESULT_HUNDREDTHS;
  return Math.min(LIMBO_MAX_RESULT_HUNDREDTHS, Math.max(100, Math.floor(NUMERATOR / n)));
}

/** Limbo: result multiplier (two decimals, 1.00 … 1,000,000.00) of one bet. */
export function limboResult(serverSeed: string, clientSeed: string, nonce: number): number {
  const b = seedBytes(serverSeed, clientSeed, nonce, 4);
  const n = b[0]! * 2 ** 24 + b[1]! * 2 ** 16 + b[2]! * 2 ** 8 + b[3]!;
  return limboHundredthsOf(n) / 100;
}
