import { describe, expect, it } from 'vitest';
import { targetWindow } from '../../src/features/upgrade/targetWindow.ts';
import { upgradeResultText } from '../../src/features/upgrade/upgradeResultText.ts';
import { upgradeMinTargetCents, upgradeWins } from '../../core/games/upgrade.ts';

// The upgrade target picker's price window and the result line (docs/games.md "Upgrade target picker").
describe('the target window', () => {
  const none = { minPrice: '', maxPrice: '', multiplier: null };

  it('starts dearer than the stake and never cheaper than the maximum chance allows', () => {
    expect(targetWindow(10_00, none)).toEqual({ minCents: upgradeMinTargetCents(10_00), maxCents: null });
    expect(targetWindow(10_00, none).minCents).toBeGreaterThan(10_00);
    expect(targetWindow(1, none).minCents).toBeGreaterThan(1);
    expect(targetWindow(0, none)).toEqual({ minCents: 0, maxCents: null });
  });

  it('a chip asks for targets from that multiple of the stake', () => {
    expect(targetWindow(10_00, { ...none, multiplier: 1.5 }).minCents).toBe(15_00);
    expect(targetWindow(10_00, { ...none, multiplier: 2 }).minCents).toBe(20_00);
    expect(targetWindow(10_00, { ...none, multiplier: 5 }).minCents).toBe(50_00);
    expect(targetWindow(3_33, { ...none, multiplier: 1.5 }).minCents).toBe(5_00); // rounded up to a cent
    expect(targetWindow(0, { ...none, multiplier: 10 }).minCents).toBe(0); // no stake: the chip asks nothing
  });

  it('the typed price filter narrows the window, and bad text is ignored', () => {
    expect(targetWindow(10_00, { minPrice: '40', maxPrice: '99.5', multiplier: null })).toEqual({ minCents: 40_00, maxCents: 99_50 });
    expect(targetWindow(10_00, { minPrice: '2', maxPrice: 'x', multiplier: null })).toEqual({ minCents: upgradeMinTargetCents(10_00), maxCents: null });
    expect(targetWindow(10_00, { minPrice: '', maxPrice: '', multiplier: 10 }).minCents).toBe(100_00);
    expect(targetWindow(10_00, { minPrice: '150', maxPrice: '', multiplier: 10 }).minCents).toBe(150_00);
  });
});

describe('the result line', () => {
  it('tells a miss as a game result: where the needle stopped against the chance, no "failed"', () => {
    const text = upgradeResultText({ win: false, chance: 25, roll: 63_215 });
    expect(text).toBe('No upgrade this time: the needle stopped at 63.214, outside your 25.000%.');
    expect(text).not.toMatch(/fail|error/i);
    expect(upgradeWins(63_215, 25_00, 95_00)).toBe(false);
  });

  it('tells a win with the item', () => {
    expect(upgradeResultText({ win: true, chance: 47.5, roll: 120, item: { item: { name: 'Nike Dunk Low Panda' } } })).toBe('Upgraded to Nike Dunk Low Panda: the needle stopped at 0.119, inside your 47.500%.');
  });
});
