import { coinAmountProblem } from '../protocol/amountRules.ts';
import { formatCents } from '../money/cents.ts';
import { GAMES, SETTING_GAMES, type GameLimits, type SettingGame } from './catalog.ts';

// Game settings (docs/operator-console.md, "Game settings"): per game a bet range and a payout cap
// that an admin may narrow in the console, never widen. The outer bounds are the games' own limits
// (the constants each game's rules module publishes and its route schema already enforces), so a
// setting can only make a game stricter than the code that was reviewed. Pure: the server enforces,
// the console's form explains with the same words.

// The games with settings, their bounds and whether the console sets their payout cap are each
// game's `settings` in the game catalog (core/games/catalog.ts).
export { SETTING_GAMES, type GameLimits, type SettingGame };

/** The outer bounds: the games' own limits; a bet's payout cap is the largest win their rules allow. */
export const GAME_LIMIT_BOUNDS = Object.fromEntries(SETTING_GAMES.map((g) => [g, GAMES[g].settings.bounds])) as Readonly<Record<SettingGame, GameLimits>>;

/** The games whose payout cap the console sets; the others' caps are the server's configuration. */
export const PAYOUT_CAP_GAMES: readonly SettingGame[] = SETTING_GAMES.filter((g) => GAMES[g].settings.payoutCap);
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
