import { describe, expect, it } from 'vitest';
import { celebrationHeadline, celebrationTier, isBigWin, openingWin, type CelebrationThresholds, type CelebrationTier } from '../../../core/games/celebration.ts';

// The one celebration rule as a table: the multiplier on the stake decides, a box item's odds can
// raise it, and nothing below the stake is ever celebrated.
const cases: [string, { stake: number; payout: number; oddsPercent?: number }, CelebrationTier][] = [
  ['a loss of a dear item in a x3 opening (77.77 lost)', { stake: 300, payout: 222.23, oddsPercent: 3 }, 'none'],
  ['a loss of a rare item: odds do not make a loss a win', { stake: 100, payout: 60, oddsPercent: 0.05 }, 'none'],
  ['nothing back', { stake: 1, payout: 0 }, 'none'],
  ['the stake back (a push)', { stake: 2, payout: 2 }, 'none'],
  ['a free box (no stake): a common item is a plain win', { stake: 0, payout: 50, oddsPercent: 30 }, 'win'],
  ['a free box: a 1% item is big by its odds alone', { stake: 0, payout: 0.5, oddsPercent: 1 }, 'big'],
  ['a negative stake is nonsense, not a win', { stake: -1, payout: 5 }, 'none'],
  ['a small win', { stake: 1, payout: 1.98 }, 'win'],
  ['just under big', { stake: 1, payout: 4.99 }, 'win'],
  ['a 6.7× hit in a 29.64 box', { stake: 29.64, payout: 198.59, oddsPercent: 4 }, 'big'],
  ['big at exactly 5×', { stake: 10, payout: 50 }, 'big'],
  ['huge at 25×', { stake: 1, payout: 25 }, 'huge'],
  ['mega at 100×', { stake: 1, payout: 100 }, 'mega'],
  ['a 1.5× box item with 1% odds is big', { stake: 10, payout: 15, oddsPercent: 1 }, 'big'],
  ['a 2× box item with 0.3% odds is huge', { stake: 10, payout: 20, oddsPercent: 0.3 }, 'huge'],
  ['a 1.1× box item with 0.05% odds is mega', { stake: 10, payout: 11, oddsPercent: 0.05 }, 'mega'],
  ['odds never lower the multiplier\'s tier', { stake: 1, payout: 30, oddsPercent: 40 }, 'huge'],
];

describe('celebrationTier', () => {
  it.each(cases)('%s', (_, win, tier) => {
    expect(celebrationTier(win)).toBe(tier);
  });

  it('follows tuned thresholds', () => {
    const tuned: CelebrationThresholds = { multiplier: { big: 2, huge: 3, mega: 4 }, oddsPercent: { big: 0, huge: 0, mega: 0 } };
    expect([1.5, 2, 3, 4].map((payout) => celebrationTier({ stake: 1, payout }, tuned))).toEqual(['win', 'big', 'huge', 'mega']);
  });

  it('names the big tiers and marks which get the moment', () => {
    expect(['none', 'win', 'big', 'huge', 'mega'].map((t) => isBigWin(t as CelebrationTier))).toEqual([false, false, true, true, true]);
    expect(celebrationHeadline('big')).toBe('BIG WIN');
    expect(celebrationHeadline('none')).toBe('');
  });
});

describe('openingWin', () => {
  it('sums the reels against the opening\'s cost and keeps the rarest odds', () => {
    // x3 of a 100 box: 222.23 back is a loss, even with a 0.5% item among the three.
    const lost = openingWin(300, [{ price: 200, odds: 0.5 }, { price: 11.23, odds: 40 }, { price: 11, odds: 40 }]);
    expect(lost.stake).toBe(300);
    expect(lost.payout).toBeCloseTo(222.23, 9);
    expect(lost.oddsPercent).toBe(0.5);
    expect(celebrationTier(lost)).toBe('none');
    expect(celebrationTier(openingWin(29.64, [{ price: 198.59, odds: 4 }]))).toBe('big');
    expect(openingWin(10, [{ price: 5 }])).toEqual({ stake: 10, payout: 5 });
  });
});
