import { sql, type Kysely } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import { levelOf } from '../../core/games/levels.ts';
import { leaderboardWeekStart, WEEK_MS, type LeaderboardRaceMetric } from '../../core/games/rewards.ts';
import type { Database } from '../db/schema.ts';
import { isPlay } from '../history/play.ts';

// The weekly race (docs/rewards.md): players ranked over one leaderboard week by what their bets paid
// back (`win_amount`: coin wins and the value of items won), by their best multiplier (`multiplier`,
// a bet of at least the minimum stake that paid), or, for the older `order=wagered` query, by what
// they staked. Every figure is the bets journal's (server/history/play.ts), so a game counts from its
// first bet, whatever its ledger reasons are called; refunded and voided bets count for nothing.

export type StandingsMetric = LeaderboardRaceMetric | 'wagered';
export const LEADERBOARD_PERIODS_RACE = ['current', 'previous'] as const;
export type RacePeriod = (typeof LEADERBOARD_PERIODS_RACE)[number];

export interface LeaderboardSettings {
  /** Prize per place in cents, first place first, per metric. */
  prizes: Record<LeaderboardRaceMetric, readonly number[]>;
  /** A multiplier counts only from a bet of at least this stake (cents). */
  minMultiplierStake: number;
}

export interface Standing {
  rank: number;
  userId: number;
  name: string;
  avatar: string | null;
  level: number;
  /** Cents (win_amount, wagered) or hundredths of a multiplier. */
  value: number;
}

export function weekRange(now: Date, period: RacePeriod): { start: Date; end: Date } {
  const current = leaderboardWeekStart(now);
  const start = period === 'current' ? current : new Date(current.getTime() - WEEK_MS);
  return { start, end: new Date(start.getTime() + WEEK_MS) };
}

function scores(metric: StandingsMetric, start: Date, end: Date, minStake: number) {
  const s = start.toISOString();
  const e = end.toISOString();
  // Wins and multipliers count when the bet settled, stakes when they were placed.
  const settledIn = sql`b.status = 'settled' and b.settled_at >= ${s}::timestamptz and b.settled_at < ${e}::timestamptz`;
  if (metric === 'multiplier') {
    return sql`
      select b.user_id, max(floor(b.multiplier * 100))::bigint as value from bets b
      where ${settledIn} and b.stake >= ${minStake} and b.payout > 0 and b.multiplier is not null
      group by b.user_id`;
  }
  if (metric === 'win_amount') return sql`select b.user_id, sum(b.payout)::bigint as value from bets b where ${settledIn} and b.payout > 0 group by b.user_id`;
  return sql`
    select b.user_id, sum(b.stake)::bigint as value from bets b
    where ${isPlay('b')} and b.placed_at >= ${s}::timestamptz and b.placed_at < ${e}::timestamptz
    group by b.user_id`;
}

/** The first `limit` places of a week, plus `me`'s place wherever it is. */
export async function standings(db: Kysely<Database>, q: { metric: StandingsMetric; start: Date; end: Date; limit: number; me?: number | null; minStake: number }) {
  const { rows } = await sql<{ rank: string; user_id: string; value: string; name: string; avatar_url: string | null; wagered: string }>`
    with scores as (${scores(q.metric, q.start, q.end, q.minStake)}),
    ranked as (select user_id, value, row_number() over (order by value desc, user_id asc) as rank from scores where value > 0)
    select r.rank, r.user_id, r.value, u.name, u.avatar_url, u.wagered
    from ranked r join users u on u.id = r.user_id
    where r.rank <= ${q.limit} or r.user_id = ${q.me ?? -1}
    order by r.rank`.execute(db);
  const all: Standing[] = rows.map((r) => ({
    rank: Number(r.rank),
    userId: Number(r.user_id),
    name: r.name,
    avatar: r.avatar_url,
    level: levelOf(Number(r.wagered)).level,
    value: Number(r.value),
  }));
  const me = q.me ? (all.find((r) => r.userId === q.me) ?? null) : null;
  return { top: all.filter((r) => r.rank <= q.limit), me };
}

/** A standing's value on the wire: coins, or the multiplier. */
export function wireValue(metric: StandingsMetric, value: number): number {
  return metric === 'multiplier' ? value / 100 : centsToCoins(value);
}
