import { upgradeMinTargetCents } from '../../../core/games/upgrade.ts';
import { centsOf } from '../../../core/money/cents.ts';

// The price window the upgrade target picker asks for (all in cents). Targets always start dearer
// than the stake (an upgrade to something cheaper is not an upgrade) and no cheaper than the
// maximum chance allows; a multiplier chip asks for targets from stake × m; the player's own
// price filter narrows it further.

export const TARGET_MULTIPLIERS = [1.5, 2, 5, 10] as const;
export type TargetMultiplier = (typeof TARGET_MULTIPLIERS)[number];

export interface TargetFilter {
  /** Coins typed by the player, '' for none. */
  minPrice: string;
  maxPrice: string;
  multiplier: TargetMultiplier | null;
}

const typedCents = (text: string): number | null => {
  const coins = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(coins) && coins >= 0 ? centsOf(coins) : null;
};

export function targetWindow(stakeCents: number, filter: TargetFilter): { minCents: number; maxCents: number | null } {
  const dearer = stakeCents > 0 ? Math.max(stakeCents + 1, upgradeMinTargetCents(stakeCents)) : 0;
  const fromChip = filter.multiplier && stakeCents > 0 ? Math.ceil(stakeCents * filter.multiplier) : 0;
  const typedMin = typedCents(filter.minPrice) ?? 0;
  return { minCents: Math.max(dearer, fromChip, typedMin), maxCents: typedCents(filter.maxPrice) };
}
