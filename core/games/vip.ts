// VIP ranks (docs/vip.md): named tiers over the level curve (core/games/levels.ts), each with its
// published benefits. Pure, shared by the server (which pays) and the client (which explains).
// The rates here are the defaults the migration writes; the console changes them (server/vip/).

import { levelStart } from './levels.ts';
import { cashbackRate } from './rewards.ts';

export const VIP_TIERS = ['bronze', 'silver', 'gold', 'platinum', 'diamond'] as const;
export type VipTier = (typeof VIP_TIERS)[number];

export interface VipTierRule {
  tier: VipTier;
  name: string;
  /** The first level of the rank (it lasts until the next rank's first level). */
  minLevel: number;
}

/** The ranks, lowest first. Their first levels are the cashback tiers' (docs/rewards.md), so one rank has one cashback rate. */
export const VIP_RANKS: readonly VipTierRule[] = [
  { tier: 'bronze', name: 'Bronze', minLevel: 1 },
  { tier: 'silver', name: 'Silver', minLevel: 10 },
  { tier: 'gold', name: 'Gold', minLevel: 30 },
  { tier: 'platinum', name: 'Platinum', minLevel: 50 },
  { tier: 'diamond', name: 'Diamond', minLevel: 80 },
];

export interface VipRates {
  /** Rakeback: the share of each settled bet's house edge paid back, in basis points (1,000 = 10 %). */
  rakebackBp: number;
  /** The rank-up bonus (cents), bonus money wagered once (docs/vip.md); 0: none. */
  rankBonus: number;
}

/** The defaults (migration 1300): what the console starts from. */
export const DEFAULT_VIP_RATES: Readonly<Record<VipTier, VipRates>> = {
  bronze: { rakebackBp: 500, rankBonus: 0 },
  silver: { rakebackBp: 750, rankBonus: 5_00 },
  gold: { rakebackBp: 1000, rankBonus: 25_00 },
  platinum: { rakebackBp: 1250, rankBonus: 100_00 },
  diamond: { rakebackBp: 1500, rankBonus: 500_00 },
};

/** The console's bounds: rakeback up to half the edge, a rank-up bonus up to 10,000 coins. */
export const VIP_RATE_BOUNDS = { rakebackBp: { min: 0, max: 5000 }, rankBonus: { min: 0, max: 1_000_000 } } as const;

/** The rank of a level. */
export function rankOfLevel(level: number): VipTierRule {
  let rank = VIP_RANKS[0]!;
  for (const r of VIP_RANKS) if (level >= r.minLevel) rank = r;
  return rank;
}

/** The next rank above `tier`, or null at the top. */
export function nextRank(tier: VipTier): VipTierRule | null {
  return VIP_RANKS[VIP_RANKS.findIndex((r) => r.tier === tier) + 1] ?? null;
}

/** XP (cents wagered) where a rank starts. */
export const rankStartXp = (r: VipTierRule): number => levelStart(r.minLevel);

/** The cashback share of the house edge (percent) at a rank (the same at every level of it). */
export const rankCashbackRate = (r: VipTierRule): number => cashbackRate(r.minLevel);

/** Parts per million of the stake: a game's house edge from its published return (1 − return), never negative. */
export function edgePpm(publishedReturn: number): number {
  return Math.max(0, Math.round((1 - publishedReturn) * 1_000_000));
}

/** The scale of Σ stake (cents) × edge (ppm) × rate (bp): cents = floor(sum / RAKEBACK_SCALE). */
export const RAKEBACK_SCALE = 10_000_000_000n;
