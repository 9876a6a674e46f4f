import { describe, expect, it } from 'vitest';
import { boxRtp, catalogBoxProblem, formatRtp, ODDS_TOTAL, oddsSumProblem, userBoxProblem } from '../../../core/games/boxes.ts';

// The console's box rules (core/games/boxes.ts, docs/operator-console.md "Catalog and boxes"): the
// one RTP formula the editor shows live and the server checks, and the exact odds sum.

describe('box RTP and odds', () => {
  it('RTP is the expected item value of one opening over the price', () => {
    const items = [
      { price: 40_00, oddsUnits: 30_000 },
      { price: 100_00, oddsUnits: 70_000 },
    ];
    expect(boxRtp(items, 100_00)).toBeCloseTo(0.82, 12);
    expect(formatRtp(boxRtp(items, 100_00))).toBe('82.00%');
    expect(boxRtp(items, 0)).toBe(0);
  });

  it('the odds sum is an integer check: one unit (0.001 %) off is refused, for console and player-made boxes alike', () => {
    expect(oddsSumProblem([{ oddsUnits: 60_000 }, { oddsUnits: 40_000 }])).toBeNull();
    expect(oddsSumProblem([{ oddsUnits: 60_000 }, { oddsUnits: 39_999 }])).toBe('The odds must add up to 100% (now 99.999%).');
    expect(userBoxProblem([{ oddsUnits: 60_000 }, { oddsUnits: 40_001 }])).toBe('The odds must add up to 100% (now 100.001%).');
  });

  it('a console box: 2 to 50 items, whole units, the exact sum, RTP at most 100 %', () => {
    const two = (a: number, b: number) => [
      { price: 10_00, oddsUnits: a },
      { price: 100_00, oddsUnits: b },
    ];
    expect(catalogBoxProblem(two(50_000, 50_000), 55_00)).toBeNull();
    expect(catalogBoxProblem([{ price: 10_00, oddsUnits: ODDS_TOTAL }], 20_00)).toBe('A box needs at least 2 items.');
    expect(catalogBoxProblem(two(50_000.5, 49_999.5), 55_00)).toMatch(/at most 3 decimals/);
    expect(catalogBoxProblem(two(0, ODDS_TOTAL), 200_00)).toMatch(/at least 0.001%/);
    expect(catalogBoxProblem(two(50_000, 49_000), 55_00)).toBe('The odds must add up to 100% (now 99%).');
    // 55 coins expected: exactly 100 % at 55.00 is allowed, one cent less is not.
    expect(catalogBoxProblem(two(50_000, 50_000), 54_99)).toMatch(/^The return to player would be 100.01%/);
    expect(catalogBoxProblem(Array.from({ length: 51 }, () => ({ price: 1_00, oddsUnits: 1 })), 1_00)).toBe('A box may hold at most 50 items.');
  });
});
