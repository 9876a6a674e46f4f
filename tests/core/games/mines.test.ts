import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MINES_MAX_PAYOUT, minesBestPayout, minesCountProblem, minesHundredths, minesMultiplier, minesMultiplierTable, minesPayout, minesSafeTiles } from '../../../core/games/mines.ts';

/** C(n, k) / C(n − m, k) as an exact fraction, from the product of the chances of k safe picks. */
function exactOdds(mines: number, safe: number): { num: bigint; den: bigint } {
  let num = 1n;
  let den = 1n;
  for (let i = 0; i < safe; i++) {
    num *= BigInt(25 - i);
    den *= BigInt(25 - mines - i);
  }
  return { num, den };
}

describe('mines multipliers', () => {
  it('are floor(99 × C(25, k) / C(25 − m, k)) hundredths for every mine count and reveal', () => {
    for (let m = 1; m <= 24; m++) {
      for (let k = 1; k <= 25 - m; k++) {
        const { num, den } = exactOdds(m, k);
        expect(minesHundredths(m, k)).toBe(Number((99n * num) / den));
      }
      expect(minesMultiplierTable(m)).toHaveLength(minesSafeTiles(m));
    }
  });

  it('read as the published tables', () => {
    expect(minesMultiplierTable(1)).toEqual([1.03, 1.07, 1.12, 1.17, 1.23, 1.3, 1.37, 1.45, 1.54, 1.65, 1.76, 1.9, 2.06, 2.25, 2.47, 2.75, 3.09, 3.53, 4.12, 4.95, 6.18, 8.25, 12.37, 24.75]);
    expect(minesMultiplierTable(3).slice(0, 5)).toEqual([1.12, 1.28, 1.47, 1.71, 1.99]);
    expect(minesMultiplierTable(24)).toEqual([24.75]);
    expect(minesMultiplier(12, 13)).toBe(5_148_297);
  });

  it('pay floor(stake × hundredths / 100) cents, never above the cap, and never more than 99 % of the fair odds', () => {
    expect(minesPayout(100, 3, 5)).toBe(199);
    expect(minesPayout(33, 1, 1)).toBe(33); // 33 × 1.03 = 33.99 → 33
    expect(minesPayout(100_000, 12, 13)).toBe(MINES_MAX_PAYOUT);
    expect(minesBestPayout(100, 24)).toBe(2475);
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 100_000 }), fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 24 }), (stake, m, kRaw) => {
        const k = Math.min(kRaw, 25 - m);
        const paid = minesPayout(stake, m, k, Number.MAX_SAFE_INTEGER);
        const { num, den } = exactOdds(m, k);
        // paid ≤ 0.99 × stake × odds, and short of it by less than a hundredth of the stake plus a cent.
        expect(BigInt(paid) * 100n * den <= 99n * BigInt(stake) * num).toBe(true);
        expect(BigInt(paid + 1) * 10_000n * den + BigInt(stake) * den * 100n > 9_900n * BigInt(stake) * num).toBe(true);
        expect(paid).toBe(Number((BigInt(stake) * ((99n * num) / den)) / 100n));
      }),
    );
  });

  it('refuses counts outside 1–24 and reveals past the safe tiles', () => {
    expect(minesCountProblem(0)).toMatch(/1 to 24/);
    expect(minesCountProblem(2.5)).toMatch(/1 to 24/);
    expect(minesCountProblem(24)).toBeNull();
    expect(() => minesHundredths(3, 23)).toThrow();
    expect(() => minesHundredths(3, 0)).toThrow();
  });
});
