// Dice payouts. The roll (core/fair diceRoll) is one of 10001 equally likely values 0.00 … 100.00.
// A bet picks a target and a direction: 'under' wins when roll < target (chance = target),
// 'over' wins when roll > target (chance = 100 − target). Either way exactly 100 × chance of the
// 10001 values win, and the multiplier is 99 / chance, so the exact return is
// (99 / chance) × (100 × chance / 10001) = 9900 / 10001 ≈ 98.990 % for every target.

export const DICE_OUTCOMES = 10001;
/** The house edge: a win pays 99 / chance (chance in percent) per unit staked, stake included. */
const DICE_PAYS_PERCENT = 99;
export const DICE_RETURN = (DICE_PAYS_PERCENT * 100) / DICE_OUTCOMES;
/** Chances in percent, with two decimals (targets move in steps of 0.01). */
export const DICE_MIN_CHANCE = 0.01;
export const DICE_MAX_CHANCE = 98;

export type DiceDirection = 'under' | 'over';

/** Chance in percent of a target and direction (two decimals). */
export function diceChance(target: number, direction: DiceDirection): number {
  return direction === 'under' ? target : Math.round((100 - target) * 100) / 100;
}

/** The exact multiplier 99 / chance (not rounded: payouts round down to cents once, at settlement). */
export function diceMultiplier(chance: number): number {
  if (!(chance >= DICE_MIN_CHANCE && chance <= DICE_MAX_CHANCE)) throw new Error(`chance must be from ${DICE_MIN_CHANCE} to ${DICE_MAX_CHANCE}`);
  return DICE_PAYS_PERCENT / chance;
}

/**
 * The payout rule in whole units: `units` staked at a chance of `chanceHundredths` (hundredths of a
 * percent, an integer) win floor(units × 99 / chance) = floor(units × 9900 / chanceHundredths),
 * exact in integers. Cents of a bet's payout, or 10 000ths of the multiplier shown.
 */
export function diceWinUnits(units: number, chanceHundredths: number): number {
  return Math.floor((units * DICE_PAYS_PERCENT * 100) / chanceHundredths);
}

/**
 * Whether a roll beats a target, compared in whole hundredths (the unit the chance is priced in).
 * Targets reach here only as exact steps of 0.01 (diceTargetProblem), so this is the same
 * comparison the price assumed.
 */
export function diceWins(roll: number, target: number, direction: DiceDirection): boolean {
  const r = Math.round(roll * 100);
  const t = Math.round(target * 100);
  return direction === 'under' ? r < t : r > t;
}
