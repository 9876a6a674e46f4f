import { DAY_MS, WEEK_MS, leaderboardWeekStart, type LeaderboardRaceMetric } from './rewards.ts';

// Races (docs/rewards.md, "Races"): a period [start, end), a metric, an optional scope (one game or
// one box) and a prize table. The daily and weekly races exist by default, and so do the weekly
// leaderboard's two races (biggest wins, best multiplier); the console adds others.

/** What a race the console makes can rank: never gross wins, which count stakes paid back. */
export const RACE_METRICS = ['wagered', 'best_multiplier', 'net_won'] as const;
export type ConsoleRaceMetric = (typeof RACE_METRICS)[number];
/**
 * Every metric a race row can hold: the console's, and the weekly leaderboard's `win_amount` (what
 * bets paid back), which the spec's /leaderboard ranks by; only `leaderboard` races use it.
 */
export const RACE_ROW_METRICS = [...RACE_METRICS, 'win_amount'] as const;
export type RaceMetric = (typeof RACE_ROW_METRICS)[number];
export const RACE_KINDS = ['daily', 'weekly', 'leaderboard', 'custom'] as const;
export type RaceKind = (typeof RACE_KINDS)[number];

/** The race metric of each leaderboard tab (the spec's `metric` query). */
export const LEADERBOARD_RACE_METRIC: Record<LeaderboardRaceMetric, RaceMetric> = { win_amount: 'win_amount', multiplier: 'best_multiplier' };
/** The names of the leaderboard's races, as the chat's results and the history show them. */
export const LEADERBOARD_RACE_NAMES: Record<LeaderboardRaceMetric, string> = { win_amount: 'Weekly leaderboard (biggest wins)', multiplier: 'Weekly leaderboard (best multiplier)' };

/** A best multiplier counts only from a bet of at least this stake (cents), so a 0.01 bet cannot top it. */
export const RACE_MIN_MULTIPLIER_STAKE = 100;
/** At most this many prized places. */
export const RACE_MAX_PLACES = 100;

/** The default races: what they rank and pay (cents by place). */
export const DEFAULT_RACES: Record<'daily' | 'weekly', { name: string; metric: RaceMetric; prizes: readonly number[] }> = {
  daily: { name: 'Daily race', metric: 'wagered', prizes: [20_00, 10_00, 5_00, 3_00, 2_00] },
  weekly: { name: 'Weekly race', metric: 'net_won', prizes: [100_00, 50_00, 25_00, 10_00, 10_00] },
};

/** The period of a default race running at `now`: the UTC day, or the leaderboard week (Thursday 18:00 UTC). */
export function defaultRacePeriod(kind: 'daily' | 'weekly' | 'leaderboard', now: Date): { start: Date; end: Date } {
  if (kind !== 'daily') {
    const start = leaderboardWeekStart(now);
    return { start, end: new Date(start.getTime() + WEEK_MS) };
  }
  const start = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}
