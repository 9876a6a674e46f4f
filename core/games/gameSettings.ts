import { coinAmountProblem } from '../protocol/amountRules.ts';
import { formatCents } from '../money/cents.ts';
import { DICE_MAX_BET, DICE_MIN_BET, DICE_MIN_CHANCE } from './dice.ts';
import { PLINKO_MAX_BET, PLINKO_MIN_BET, PLINKO_MULTIPLIERS } from './plinko.ts';
import { CRASH_MAX_BET, CRASH_MIN_BET, CRASH_MAX_PAYOUT_PER_BET } from './crash.ts';
import { WHEEL_MAX_BET, WHEEL_MIN_BET, WHEEL_MULTIPLIERS } from './wheel.ts';
import { LIMBO_MAX_BET, LIMBO_MAX_TARGET, LIMBO_MIN_BET } from './limbo.ts';

// Game settings (docs/operator-console.md, "Game settings"): per game a bet range and a payout cap
// that an admin may narrow in the console, never widen. The outer bounds are the games' own limits
// (the constants each game's rules module publishes and its route schema already enforces), so a
// setting can only make a game stricter than the code that was reviewed. Pure: the server enforces,
// the console's form explains with the same words.

export const SETTING_GAMES = ['dice', 'plinko', 'crash', 'wheel', 'limbo'] as const;
export type SettingGame = (typeof SETTING_GAMES)[number];

/** One game's limits in cents. `maxPayout`: the most one bet may win (stake included). */
export interface GameLimits {
  minBet: number;
  maxBet: number;
  maxPayout: number;
}

const diceBestMultiplier = 99 / DICE_MIN_CHANCE;
const plinkoBestMultiplier = Math.max(...Object.values(PLINKO_MULTIPLIERS).flatMap((byRisk) => Object.values(byRisk).flat()));
const wheelBestMultiplier = Math.max(...Object.values(WHEEL_MULTIPLIERS)) / 100;

/** The outer bounds: the games' own limits; a bet's payout cap is the largest win their rules allow. */
export const GAME_LIMIT_BOUNDS: Readonly<Record<SettingGame, GameLimits>> = {
  dice: { minBet: DICE_MIN_BET, maxBet: DICE_MAX_BET, maxPayout: Math.floor(DICE_MAX_BET * diceBestMultiplier) },
  plinko: { minBet: PLINKO_MIN_BET, maxBet: PLINKO_MAX_BET, maxPayout: Math.floor(PLINKO_MAX_BET * plinkoBestMultiplier) },
  // Crash's payout per bet is already a cap of its own (a bet is cashed out when it reaches it).
  crash: { minBet: CRASH_MIN_BET, maxBet: CRASH_MAX_BET, maxPayout: CRASH_MAX_PAYOUT_PER_BET },
  wheel: { minBet: WHEEL_MIN_BET, maxBet: WHEEL_MAX_BET, maxPayout: Math.floor(WHEEL_MAX_BET * wheelBestMultiplier) },
  limbo: { minBet: LIMBO_MIN_BET, maxBet: LIMBO_MAX_BET, maxPayout: LIMBO_MAX_BET * LIMBO_MAX_TARGET },
};

/**
 * The games whose payout cap the console sets. Crash caps each bet's and each round's payout in its
 * round engine (cash-outs at the cap, docs/crash.md), from the server's configuration: a cap changed
 * while a round flies would break the rule that its cap only rises, so the console leaves it alone.
 */
export const PAYOUT_CAP_GAMES: readonly SettingGame[] = ['dice', 'plinko', 'wheel', 'limbo'];
export const CRASH_PAYOUT_MESSAGE = "Crash's payout caps are the server's configuration (CRASH_MAX_PAYOUT, CRASH_MAX_ROUND_PAYOUT).";

export const SETTING_FIELDS = ['minBet', 'maxBet', 'maxPayout'] as const;
const FIELD_WIRE: Record<(typeof SETTING_FIELDS)[number], string> = { minBet: 'min_bet', maxBet: 'max_bet', maxPayout: 'max_payout' };

/** Why a proposed setting is refused, per wire field (min_bet, max_bet, max_payout); empty when it is acceptable. */
export function gameLimitsProblems(game: SettingGame, s: GameLimits): Record<string, string> {
  const bounds = GAME_LIMIT_BOUNDS[game];
  const problems: Record<string, string> = {};
  const within = (field: (typeof SETTING_FIELDS)[number], low: number, high: number) => {
    const value = s[field];
    if (!Number.isSafeInteger(value)) problems[FIELD_WIRE[field]] = 'The amount must be a whole number of cents.';
    else if (value < low) problems[FIELD_WIRE[field]] = `The amount must be at least ${formatCents(low)}.`;
    else if (value > high) problems[FIELD_WIRE[field]] = `The amount may not be greater than ${formatCents(high)}.`;
  };
  within('minBet', bounds.minBet, bounds.maxBet);
  within('maxBet', bounds.minBet, bounds.maxBet);
  if (!PAYOUT_CAP_GAMES.includes(game)) {
    if (s.maxPayout !== bounds.maxPayout) problems.max_payout = CRASH_PAYOUT_MESSAGE;
  } else within('maxPayout', bounds.minBet, bounds.maxPayout);
  if (!problems.max_bet && !problems.min_bet && s.maxBet < s.minBet) problems.max_bet = 'The maximum bet may not be below the minimum bet.';
  if (!problems.max_payout && !problems.min_bet && s.maxPayout < s.minBet) problems.max_payout = 'The payout cap may not be below the minimum bet.';
  return problems;
}

/**
 * Why a stake of `amount` cents is refused under `limits`, in the words the route schemas use
 * (coinAmountProblem), or null. `bestPayout`: what this bet pays at best (its win, or its best slot);
 * a bet that could win more than the cap is refused as an amount above the largest that stays within it.
 */
export function stakeProblem(limits: GameLimits, amount: number, bestPayout: number): string | null {
  let max = limits.maxBet;
  if (bestPayout > limits.maxPayout) max = Math.min(max, Math.max(0, Math.floor((amount * limits.maxPayout) / bestPayout)));
  if (amount > max && max < limits.minBet) return `The payout cap of ${formatCents(limits.maxPayout)} allows no bet with these odds.`;
  return coinAmountProblem(amount / 100, { min: limits.minBet, max });
}
