import { sql, type Kysely } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import { STAKE_REASONS, STAKE_REFUND_REASONS, WIN_REASONS } from '../../core/games/playReasons.ts';
import { levelOf } from '../../core/games/levels.ts';
import { leaderboardWeekStart, WEEK_MS, type LeaderboardRaceMetric } from '../../core/games/rewards.ts';
import type { Database } from '../db/schema.ts';

// The weekly race (docs/rewards.md): players ranked over one leaderboard week by the sum of their
// wins (`win_amount`, ledger credits whose reason ends in `_win`), by their best multiplier
// (`multiplier`, an instant or crash bet of at least the minimum stake that paid), or, for the
// older `order=wagered` query, by what they staked. It reads the ledger and the bet tables, so a
// game counts as soon as it keeps the `*_bet` / `*_win` naming.

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
  if (metric === 'multiplier') {
    return sql`
      select user_id, max(floor(multiplier * 100))::bigint as value from (
        select user_id, multiplier from game_bets
        where amount >= ${minStake} and payout > 0 and created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz
        union all
        select user_id, multiplier from round_bets
        where amount >= ${minStake} and payout > 0 and multiplier is not null and settled_at >= ${s}::timestamptz and settled_at < ${e}::timestamptz
      ) b group by user_id`;
  }
  const counted =
    metric === 'win_amount'
      ? sql`e.amount > 0 and e.reason in (${sql.join(WIN_REASONS)})`
      : // Stakes less the ones given back (a voided round, a wheel bet taken back, a canceled battle).
        sql`((e.amount < 0 and e.reason in (${sql.join(STAKE_REASONS)})) or (e.amount > 0 and e.reason in (${sql.join(STAKE_REFUND_REASONS)})))`;
  return sql`
    select a.user_id, abs(sum(e.amount))::bigint as value
    from ledger_entries e join accounts a on a.id = e.account_id
    where a.kind = 'user' and ${counted} and e.created_at >= ${s}::timestamptz and e.created_at < ${e}::timestamptz
    group by a.user_id`;
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
