import { sql } from 'kysely';
import { crashPointHundredths } from '../../../core/games/crash.ts';
import { hundredthsToMultiplier } from '../../../core/games/multiplier.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { CRASH_LEADERBOARD_SIZE, type CrashLeaderboardMetric, type CrashLeaderboardPeriod, type CrashLeaderboardRow, type CrashRecentGame } from '../../../core/protocol/crash.ts';
import type { Db } from '../../db/database.ts';
import { periodStart } from '../history.ts';

// The read side of crash: recent ended rounds and the leaderboard of cashed-out bets.

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : '');

/** Ended, played rounds, newest first (a voided round is left out: it was never played). */
export async function crashRecentGames(db: Db, limit: number): Promise<CrashRecentGame[]> {
  const rows = await db
    .selectFrom('rounds as r')
    .select(['r.id', 'r.number', 'r.outcome', 'r.hash', 'r.launched_at', 'r.ended_at', 'r.wagered', 'r.paid'])
    .select(sql<number>`(select count(distinct b.user_id)::int from round_bets b where b.round_id = r.id)`.as('players'))
    .where('r.game', '=', 'crash')
    .where('r.status', '=', 'ended')
    .where('r.voided', '=', false)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: Number(r.number),
    crash_point: hundredthsToMultiplier(crashPointHundredths(Number(r.outcome.crash_point))),
    hash: r.hash,
    started_at: iso(r.launched_at),
    ended_at: iso(r.ended_at),
    players: Number(r.players),
    wagered: centsToCoins(Number(r.wagered)),
    paid: centsToCoins(Number(r.paid)),
  }));
}

/** The period's best cash-outs by profit or by multiplier. */
export async function crashLeaderboard(db: Db, q: { period: CrashLeaderboardPeriod; metric: CrashLeaderboardMetric }, now = new Date()): Promise<CrashLeaderboardRow[]> {
  const since = periodStart(q.period, now);
  let query = db
    .selectFrom('round_bets as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.id', 'b.round_id', 'b.amount', 'b.payout', 'b.multiplier', 'b.settled_at', 'u.id as user_id', 'u.name', 'u.avatar_url'])
    .where('b.game', '=', 'crash')
    .where('b.status', '=', 'cashed_out');
  if (since) query = query.where('b.settled_at', '>=', since);
  const profit = sql<number>`b.payout - b.amount`;
  query = q.metric === 'multiplier' ? query.orderBy('b.multiplier', 'desc').orderBy(profit, 'desc') : query.orderBy(profit, 'desc').orderBy('b.multiplier', 'desc');
  const rows = await query.orderBy('b.id', 'asc').limit(CRASH_LEADERBOARD_SIZE).execute();
  return rows.map((r, i) => ({
    rank: i + 1,
    user: { id: r.user_id, name: r.name, avatar_url: r.avatar_url },
    bet_id: r.id,
    round_id: r.round_id,
    amount: centsToCoins(r.amount),
    multiplier: Number(r.multiplier),
    win_amount: centsToCoins(Number(r.payout) - r.amount),
    created_at: iso(r.settled_at),
  }));
}
