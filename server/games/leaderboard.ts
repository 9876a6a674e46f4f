import { sql } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import type { Db } from '../db/database.ts';
import { leaderboardWeekStart } from './history.ts';

// The general leaderboard (GET /api/leaderboard): players ranked by what they wagered (or won) in
// the current week, which resets on Thursday 18:00 UTC (spec §9). It reads the wallet ledger, so
// every game counts without a table of its own: a stake is a debit whose reason ends in `_bet` or
// is a box opening; a win is a credit whose reason ends in `_win` (docs/games.md).

export const LEADERBOARD_ORDERS = ['wagered', 'won'] as const;
export type LeaderboardOrder = (typeof LEADERBOARD_ORDERS)[number];

const WEEK_MS = 7 * 24 * 3600 * 1000;

export async function weeklyLeaderboard(db: Db, q: { order: LeaderboardOrder; limit: number }, now = new Date()) {
  const since = leaderboardWeekStart(now);
  const wagered = sql<string>`sum(case when e.amount < 0 and (e.reason like '%\\_bet' or e.reason in ('box_open', 'user_box_open')) then -e.amount else 0 end)`;
  const won = sql<string>`sum(case when e.amount > 0 and e.reason like '%\\_win' then e.amount else 0 end)`;
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('a.kind', '=', 'user')
    .where('e.created_at', '>=', since)
    .groupBy(['u.id', 'u.name', 'u.avatar_url'])
    .select(['u.id', 'u.name', 'u.avatar_url', wagered.as('wagered'), won.as('won')])
    .having(wagered, '>', '0')
    .orderBy(q.order === 'won' ? won : wagered, 'desc')
    .orderBy('u.id', 'asc')
    .limit(q.limit)
    .execute();
  return {
    since: since.toISOString(),
    resets_at: new Date(since.getTime() + WEEK_MS).toISOString(),
    order: q.order,
    rows: rows.map((r, i) => ({ rank: i + 1, user: { id: r.id, name: r.name, avatar_url: r.avatar_url }, wagered: centsToCoins(Number(r.wagered)), won: centsToCoins(Number(r.won)) })),
  };
}
