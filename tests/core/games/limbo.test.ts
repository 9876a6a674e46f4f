import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET, limboChance, limboPayout, limboTargetOfChance, limboTargetProblem, limboWins } from '../../../core/games/limbo.ts';
import { LimboBetSchema } from '../../../core/protocol/limbo.ts';

describe('limbo rules', () => {
  it('accepts targets of two decimals from 1.01 to 1,000,000 and refuses the rest in the form words', () => {
    expect(limboTargetProblem(1.01)).toBeNull();
    expect(limboTargetProblem(1_000_000)).toBeNull();
    expect(limboTargetProblem(2.555)).toBe('The target must be a number with at most 2 decimals.');
    expect(limboTargetProblem(1)).toBe('The target must be between 1.01 and 1,000,000.');
    expect(limboTargetProblem(1_000_000.01)).toMatch(/between/);
    const parsed = LimboBetSchema.safeParse({ amount: 1, target: 0.5 });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'))).toEqual(['target']);
    expect(LimboBetSchema.parse({ amount: 1.5, target: 2 })).toEqual({ amount: 150, target: 2 });
  });

  it('pays stake × target rounded down to cents, and wins when the result reaches the target', () => {
    expect(limboPayout(10, 1.01)).toBe(10);
    expect(limboPayout(155, 2.37)).toBe(367);
    expect(limboPayout(100_000, LIMBO_MAX_TARGET)).toBe(100_000_000_000);
    expect(limboWins(2, 2)).toBe(true);
    expect(limboWins(1.99, 2)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 100_000 }), fc.integer({ min: 101, max: 100_000_000 }), (amount, t) => {
        const target = t / 100;
        expect(limboPayout(amount, target)).toBe(Number((BigInt(amount) * BigInt(t)) / 100n));
      }),
    );
  });

  it('prices the win chance 99 / target and turns a chance back into its target', () => {
    expect(limboChance(2)).toBe(49.5);
    expect(limboChance(99)).toBe(1);
    expect(limboTargetOfChance(49.5)).toBe(2);
    expect(limboTargetOfChance(99)).toBe(LIMBO_MIN_TARGET);
    expect(limboTargetOfChance(0.000001)).toBe(LIMBO_MAX_TARGET);
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 100_000 }), (t) => {
        expect(limboTargetOfChance(limboChance(t / 100))).toBe(t / 100);
      }),
    );
  });
});
