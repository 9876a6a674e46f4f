import { LEADERBOARD_RACE_METRIC, LEADERBOARD_RACE_NAMES, RACE_MIN_MULTIPLIER_STAKE } from '../../core/games/races.ts';
import { leaderboardWeekStart, WEEK_MS, type LeaderboardRaceMetric } from '../../core/games/rewards.ts';
import type { Db } from '../db/database.ts';
import { defaultRace, type LeaderboardSettings, type Race } from './races.ts';

// The weekly leaderboard (docs/rewards.md, "Weekly leaderboard") is two races a week of kind
// `leaderboard`, created, closed and paid as every default race is (server/races/races.ts). This
// file finds the race a /leaderboard tab shows.

export type StandingsMetric = LeaderboardRaceMetric | 'wagered';
export type RacePeriod = 'current' | 'previous';

export function weekRange(now: Date, period: RacePeriod): { start: Date; end: Date } {
  const current = leaderboardWeekStart(now);
  const start = period === 'current' ? current : new Date(current.getTime() - WEEK_MS);
  return { start, end: new Date(start.getTime() + WEEK_MS) };
}

/**
 * The race behind a tab of the week: the leaderboard's race of that metric and week, or, where the
 * leader has not created it yet (a week before any node ran) and for the older `order=wagered`
 * ranking (no prizes), the same race unsaved: ranked alike, nothing paid.
 */
export async function leaderboardRace(db: Db, metric: StandingsMetric, period: RacePeriod, now: Date, settings: LeaderboardSettings): Promise<Race> {
  const { start, end } = weekRange(now, period);
  if (metric !== 'wagered') {
    const saved = await defaultRace(db, 'leaderboard', LEADERBOARD_RACE_METRIC[metric], start);
    if (saved) return saved;
  }
  const unsaved = { id: 0, kind: 'leaderboard', game: null, boxId: null, start, end, closedAt: null } as const;
  if (metric === 'wagered') return { ...unsaved, name: 'Weekly wagered', metric, prizes: [], minStake: RACE_MIN_MULTIPLIER_STAKE };
  return { ...unsaved, name: LEADERBOARD_RACE_NAMES[metric], metric: LEADERBOARD_RACE_METRIC[metric], prizes: [...settings.prizes[metric]], minStake: settings.minMultiplierStake };
}
