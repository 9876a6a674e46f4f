import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { wheelResult } from '../../../core/fair/hashChain.ts';
import {
  WHEEL_COLORS,
  WHEEL_LAYOUT,
  WHEEL_MULTIPLIERS,
  WHEEL_SEGMENTS,
  wheelColorCount,
  wheelPayout,
  wheelReturnFraction,
  wheelReturnPercent,
} from '../../../core/games/wheel.ts';
import { WheelBetSchema } from '../../../core/protocol/wheel.ts';

// The published layout (docs/wheel.md): 54 segments, each colour's count, and each colour's exact
// return recomputed here from the layout alone (count / 54 × multiplier) and compared with the
// documented figures, all between 95 % and 99 %; every segment can come out of the chain.

const DOCUMENTED = {
  grey: { multiplier: 2, count: 26, rtp: 96.3, fraction: [26, 27] },
  blue: { multiplier: 3.5, count: 15, rtp: 97.22, fraction: [35, 36] },
  green: { multiplier: 6.5, count: 8, rtp: 96.3, fraction: [26, 27] },
  purple: { multiplier: 13, count: 4, rtp: 96.3, fraction: [26, 27] },
  gold: { multiplier: 52, count: 1, rtp: 96.3, fraction: [26, 27] },
} as const;

describe('wheel layout and returns', () => {
  it('has 54 segments, the documented count per colour, and no two touching segments of one colour other than grey', () => {
    expect(WHEEL_LAYOUT).toHaveLength(WHEEL_SEGMENTS);
    for (const color of WHEEL_COLORS) expect(wheelColorCount(color), color).toBe(DOCUMENTED[color].count);
    for (let i = 0; i < WHEEL_SEGMENTS; i++) {
      const next = WHEEL_LAYOUT[(i + 1) % WHEEL_SEGMENTS];
      if (WHEEL_LAYOUT[i] !== 'grey') expect(next, `segment ${i}`).not.toBe(WHEEL_LAYOUT[i]);
    }
  });

  it('each colour returns exactly the documented share, recomputed from the layout, between 95 % and 99 %', () => {
    for (const color of WHEEL_COLORS) {
      const doc = DOCUMENTED[color];
      expect(WHEEL_MULTIPLIERS[color] / 100).toBe(doc.multiplier);
      // Exact: the sum over the 54 equally likely segments of what a 1-coin (100-cent) bet pays.
      const paid = WHEEL_LAYOUT.reduce((sum, _c, segment) => sum + wheelPayout(100, color, segment), 0);
      expect(paid * doc.fraction[1]).toBe(100 * WHEEL_SEGMENTS * doc.fraction[0]);
      const { numerator, denominator } = wheelReturnFraction(color);
      expect([numerator, denominator]).toEqual(doc.fraction);
      expect(wheelReturnPercent(color)).toBe(doc.rtp);
      expect(numerator / denominator).toBeGreaterThanOrEqual(0.95);
      expect(numerator / denominator).toBeLessThanOrEqual(0.99);
    }
  });

  it('pays stake × multiplier on the colour, rounded down to the cent, and nothing on another', () => {
    expect(wheelPayout(1234, 'blue', 1)).toBe(4319); // 12.34 × 3.5 = 43.19
    expect(wheelPayout(15, 'blue', 1)).toBe(52); // 0.525 → 0.52
    expect(wheelPayout(100, 'gold', 0)).toBe(5200);
    expect(wheelPayout(100, 'grey', 0)).toBe(0);
  });

  it('every segment comes out of the chain formula', () => {
    const seen = new Set<number>();
    let hash = createHash('sha256').update('wheel reachability').digest('hex');
    for (let i = 0; i < 5000 && seen.size < WHEEL_SEGMENTS; i++) {
      hash = createHash('sha256').update(hash).digest('hex');
      const segment = wheelResult(hash, 'reach-salt', WHEEL_SEGMENTS);
      expect(segment).toBeGreaterThanOrEqual(0);
      expect(segment).toBeLessThan(WHEEL_SEGMENTS);
      seen.add(segment);
    }
    expect(seen.size).toBe(WHEEL_SEGMENTS);
  });

  it('a bet is an exact coin amount on one of the colours', () => {
    expect(WheelBetSchema.parse({ amount: 1.5, color: 'blue' })).toEqual({ amount: 150, color: 'blue' });
    for (const body of [{ amount: 1.001, color: 'blue' }, { amount: 1, color: 'red' }, { amount: 0.09, color: 'grey' }, { amount: 1000.01, color: 'grey' }, { amount: 1 }]) {
      expect(WheelBetSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
