import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { badgeGroup, levelOf, levelStart, MAX_LEVEL } from '../../../core/games/levels.ts';

describe('level curve', () => {
  it('starts at level 1 and steps at the documented thresholds', () => {
    expect(levelOf(0)).toEqual({ level: 1, value: 0, from: 0, to: 10_000 });
    expect(levelOf(9_999).level).toBe(1);
    expect(levelOf(10_000)).toEqual({ level: 2, value: 10_000, from: 10_000, to: 40_000 });
    expect(levelOf(810_000).level).toBe(10);
    expect(levelOf(809_999).level).toBe(9);
  });

  it('caps at the top level', () => {
    const top = levelOf(10 ** 12);
    expect(top.level).toBe(MAX_LEVEL);
    expect(top.to).toBe(top.from);
  });

  it('always places xp inside [from, to) of its level', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), (xp) => {
        const l = levelOf(xp);
        expect(l.from).toBe(levelStart(l.level));
        expect(xp).toBeGreaterThanOrEqual(l.from);
        if (l.level < MAX_LEVEL) expect(xp).toBeLessThan(l.to);
      }),
    );
  });

  it('badge groups follow docs/product.md §3', () => {
    expect([1, 9, 10, 19, 20, 110, 119].map(badgeGroup)).toEqual([1, 1, 10, 10, 20, 110, 110]);
  });
});
