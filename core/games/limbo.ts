import { exactSteps } from '../money/cents.ts';
import { LIMBO_MAX_RESULT_HUNDREDTHS } from '../fair/limbo.ts';

// Limbo's rules (docs/limbo.md): the player names a target multiplier; the bet wins when the fair
// result (core/fair/limbo.ts) reaches it, and a win pays stake × target, rounded down to cents.
// P(result ≥ target) = 0.99 / target, so every target returns 99 %. Targets and results are whole
// hundredths, so the price and the comparison use the same integers.

/** Bet limits in cents: 0.10 … 1 000.00 coins, as dice's. */
export const LIMBO_MIN_BET = 10;
export const LIMBO_MAX_BET = 100_000;
/** Target bounds (multipliers, two decimals). */
export const LIMBO_MIN_TARGET = 1.01;
export const LIMBO_MAX_TARGET = LIMBO_MAX_RESULT_HUNDREDTHS / 100;
/** The win chance in percent of a target is LIMBO_RETURN_PERCENT / target. */
export const LIMBO_RETURN_PERCENT = 99;
/** The target a page starts with. */
export const LIMBO_DEFAULT_TARGET = 2;

/** Why a target cannot be played, or null. */
export function limboTargetProblem(target: number): string | null {
  if (exactSteps(target, 2) === null) return 'The target must be a number with at most 2 decimals.';
  if (target < LIMBO_MIN_TARGET || target > LIMBO_MAX_TARGET) return `The target must be between ${LIMBO_MIN_TARGET} and ${LIMBO_MAX_TARGET.toLocaleString('en-US')}.`;
  return null;
}

const hundredths = (multiplier: number): number => Math.round(multiplier * 100);

/** Win chance in percent: 99 / target (not rounded; pages show it with 8 significant digits at most). */
export function limboChance(target: number): number {
  return LIMBO_RETURN_PERCENT / target;
}

/** The target of a win chance in percent, snapped to the target step and bounds (the chance field drives the target). */
export function limboTargetOfChance(chance: number): number {
  if (!(chance > 0)) return LIMBO_MAX_TARGET;
  const t = Math.round((LIMBO_RETURN_PERCENT / chance) * 100) / 100;
  return Math.min(LIMBO_MAX_TARGET, Math.max(LIMBO_MIN_TARGET, t));
}

/** Whether a result reaches the target, compared in whole hundredths. */
export function limboWins(result: number, target: number): boolean {
  return hundredths(result) >= hundredths(target);
}

/** Payout of a winning bet in cents: floor(amount × target), exact in integers (target in hundredths). */
export function limboPayout(amountCents: number, target: number): number {
  return Math.floor((amountCents * hundredths(target)) / 100);
}
