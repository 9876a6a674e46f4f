import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToCoins, coinsToCents, formatCents } from '../../core/money/cents.ts';

describe('money', () => {
  it('formats cents with exactly two decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(3375)).toBe('33.75');
    expect(formatCents(-120)).toBe('-1.20');
  });

  it('accepts at most two decimals and no negatives', () => {
    expect(coinsToCents(25)).toBe(2500);
    expect(coinsToCents(3.15)).toBe(315);
    expect(coinsToCents(0.3)).toBe(30);
    // Not a whole cent, however close: refused rather than rounded (a bet is priced from what was checked).
    expect(coinsToCents(0.1 + 0.2)).toBeNull();
    expect(coinsToCents(0.100000001)).toBeNull();
    expect(coinsToCents(1.001)).toBeNull();
    expect(coinsToCents(-1)).toBeNull();
    expect(coinsToCents(Number.NaN)).toBeNull();
    expect(coinsToCents(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('round-trips every cent amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => coinsToCents(centsToCoins(cents)) === cents));
  });
});
