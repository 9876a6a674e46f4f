// How loudly a win is celebrated, for every game (docs/games.md "Celebration"): by the multiplier
// on the stake (payout / stake) and, for a box opening, by the item's odds within its box. A payout
// below the stake is a loss whatever the item's price, and a loss is never celebrated. The
// thresholds live here only; the scenes and pages ask this module and draw what the tier says.

export const CELEBRATION_TIERS = ['none', 'win', 'big', 'huge', 'mega'] as const;
export type CelebrationTier = (typeof CELEBRATION_TIERS)[number];

export interface CelebrationThresholds {
  /** The least multiplier for each tier above a plain win (a plain win is any payout above the stake). */
  multiplier: { big: number; huge: number; mega: number };
  /** A box item this rare (percent within its box) reaches the tier at least, when it is not a loss. */
  oddsPercent: { big: number; huge: number; mega: number };
}

/** Tunable: Stake and CSGORoll mark a big win from about 5×, a huge one from 25×, the top from 100×. */
export const CELEBRATION_THRESHOLDS: CelebrationThresholds = {
  multiplier: { big: 5, huge: 25, mega: 100 },
  oddsPercent: { big: 2, huge: 0.5, mega: 0.1 },
};

export interface WinToCelebrate {
  /** What the play cost, in any unit (the payout's); 0 for a free box. */
  stake: number;
  /** What the play paid, in the stake's unit (an item's price for a box opening). */
  payout: number;
  /** A box opening: the item's odds within its box, in percent. */
  oddsPercent?: number;
}

function rank(tier: CelebrationTier): number {
  return CELEBRATION_TIERS.indexOf(tier);
}

/** At least a "big" win: the tiers that get the reveal and the physical moment. */
export function isBigWin(tier: CelebrationTier): boolean {
  return rank(tier) >= rank('big');
}

export function celebrationTier(win: WinToCelebrate, thresholds: CelebrationThresholds = CELEBRATION_THRESHOLDS): CelebrationTier {
  const { stake, payout, oddsPercent } = win;
  if (!(payout > 0) || !(payout > stake) || !Number.isFinite(payout) || !(stake >= 0)) return 'none';
  // A free box has no stake to multiply: its item's odds alone decide.
  const multiplier = stake > 0 ? payout / stake : 1;
  const byMultiplier = (['mega', 'huge', 'big'] as const).find((t) => multiplier >= thresholds.multiplier[t]) ?? 'win';
  if (oddsPercent === undefined || !(oddsPercent > 0)) return byMultiplier;
  const byOdds = (['mega', 'huge', 'big'] as const).find((t) => oddsPercent <= thresholds.oddsPercent[t]) ?? 'win';
  return rank(byOdds) > rank(byMultiplier) ? byOdds : byMultiplier;
}

const HEADLINES: Readonly<Record<CelebrationTier, string>> = { none: '', win: 'WIN', big: 'BIG WIN', huge: 'HUGE WIN', mega: 'MEGA WIN' };

/** The reveal's headline of a tier ("BIG WIN"); empty for no celebration. */
export function celebrationHeadline(tier: CelebrationTier): string {
  return HEADLINES[tier];
}

/**
 * A box opening of one or more reels as one win: the items' total value against what the opening
 * cost, and the rarest item's odds (so a x3 opening that lost its stake is no celebration, however
 * dear one of its items).
 */
export function openingWin(stake: number, items: readonly { price: number; odds?: number | undefined }[]): WinToCelebrate {
  const odds = items.map((i) => i.odds).filter((o): o is number => o !== undefined && o > 0);
  return { stake, payout: items.reduce((sum, i) => sum + i.price, 0), ...(odds.length ? { oddsPercent: Math.min(...odds) } : {}) };
}
