import { exactSteps } from '../money/cents.ts';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, diceChance, diceWinUnits, type DiceDirection } from './dicePayout.ts';

// Dice as a game: the payout rules live in dicePayout.ts (written with the fairness pages); this
// module adds what the bet form and the server check before a bet: target bounds, bet limits and
// the payout in whole cents (docs/games.md).

export { DICE_MIN_CHANCE, DICE_MAX_CHANCE, DICE_OUTCOMES, DICE_RETURN, diceChance, diceMultiplier, diceWinUnits, diceWins, type DiceDirection } from './dicePayout.ts';

/** Bet limits in cents: 0.10 … 1 000.00 coins. */
export const DICE_MIN_BET = 10;
export const DICE_MAX_BET = 100_000;

/** Chance in hundredths of a percent (an integer), so payouts are exact integer arithmetic. */
export function diceChanceHundredths(target: number, direction: DiceDirection): number {
  return Math.round(diceChance(target, direction) * 100);
}

/** Why a target cannot be played, or null. */
export function diceTargetProblem(target: number, direction: DiceDirection): string | null {
  // Exactly a step of 0.01: the chance is priced and the roll compared from the same hundredths.
  if (exactSteps(target, 2) === null) return 'The target must be a number with at most 2 decimals.';
  const c = diceChanceHundredths(target, direction);
  if (c < DICE_MIN_CHANCE * 100 || c > DICE_MAX_CHANCE * 100) return `The win chance must be between ${DICE_MIN_CHANCE}% and ${DICE_MAX_CHANCE}%.`;
  return null;
}

/** A slider or typed value snapped to the target step (0.01). */
export function diceSnapTarget(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The target that keeps the same chance in the other direction (the "roll over instead" swap). */
export function diceSwapTarget(target: number): number {
  return diceSnapTarget(100 - target);
}

/** Target bounds of a direction (inclusive), for the slider. */
export function diceTargetBounds(direction: DiceDirection): { min: number; max: number } {
  return direction === 'under' ? { min: DICE_MIN_CHANCE, max: DICE_MAX_CHANCE } : { min: 100 - DICE_MAX_CHANCE, max: 100 - DICE_MIN_CHANCE };
}

/** Multiplier 99 / chance with 4 decimals (rounded down), as shown and answered. */
export function diceDisplayMultiplier(target: number, direction: DiceDirection): number {
  return diceWinUnits(10_000, diceChanceHundredths(target, direction)) / 10_000;
}

/** Payout of a winning bet in cents: floor(amount × 99 / chance), exact in integers. */
export function dicePayout(amountCents: number, target: number, direction: DiceDirection): number {
  return diceWinUnits(amountCents, diceChanceHundredths(target, direction));
}
