import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { everyWhileLeader, type LeaderElection } from '../realtime/leaderLock.ts';
import type { Log } from '../log.ts';
import { gameRows, journalGroupsQuery, reportGameOf, type GroupRow } from '../reports/gameReport.ts';
import type { GameId } from '../../core/games/catalog.ts';
import { betHour, markedHoursJoin, windowFilter } from './hours.ts';
import { boxDropsByWindow, boxDropsRecomputeQuery } from './boxDrops.ts';
import { TRANSPARENCY_WINDOWS, type TransparencyAnswer, type TransparencyWindow } from '../../core/protocol/transparency.ts';

// The public transparency page (docs/transparency.md): per game, the published return and the
// measured one over the last 24 hours, 7 days, 30 days and all time, with the console report's
// confidence band (server/reports/gameReport.ts owns the rule: one computation for both).
//
// Served from `bet_hours` (migration 1400), per UTC hour, game and pricing parameter, kept current
// incrementally: the journal's trigger marks the hours a statement touched in `bet_hours_dirty`;
// refreshHours recomputes only those hours, each by the journal's time index, in one transaction
// under an advisory lock (two nodes never recompute the same hour at once). The page's own query
// reads `bet_hours` alone; its answer is kept in memory for CACHE_MS; the leader also folds the marks in every minute (runTransparencyRefresh), so an unread page leaves no pile of marks. A mark is a row per statement,
// not per hour: a bet committing while a refresh runs keeps its own mark for the next one (an
// upsert of one row per hour could be taken by a refresh that cannot see that bet yet).
// The same refresh recomputes the per-box drops of those hours (`box_drop_hours`, boxDrops.ts).

/** How often the leader folds the marks into the cache whether or not anyone reads the page (ms): the marks stay a minute's statements. */
export const TRANSPARENCY_REFRESH_MS = 60_000;

/** How long a node serves the same answer before refreshing (ms). */
export const TRANSPARENCY_CACHE_MS = 30_000;
/** The advisory lock of the cache's refresh (any 64-bit number agreed by all nodes). */
const REFRESH_LOCK = 58_1400;

/** The statement that recomputes the marked hours `hours` (the plan test explains it). */
export function hoursRecomputeQuery(hours: readonly string[]) {
  const bucket = sql<string>`${betHour}::text`;
  const join = markedHoursJoin(hours);
  return sql`insert into bet_hours (hour, game, param, bets, wagered, paid, ss, pp, sp)
    select day::timestamp, game, coalesce(param, ''), bets, wagered, paid, ss, pp, sp from (${journalGroupsQuery(bucket, sql`true`, join)}) q`;
}

/** Recomputes the hours the journal marked since the last refresh; returns how many. */
export async function refreshHours(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`.execute(trx);
    const { rows } = await sql<{ hour: string }>`with taken as (delete from bet_hours_dirty returning hour) select distinct hour::text as hour from taken`.execute(trx);
    const hours = rows.map((r) => r.hour);
    if (hours.length === 0) return 0;
    await sql`delete from bet_hours where hour = any(${sql.val(hours)}::timestamp[])`.execute(trx);
    await hoursRecomputeQuery(hours).execute(trx);
    await sql`delete from box_drop_hours where hour = any(${sql.val(hours)}::timestamp[])`.execute(trx);
    await boxDropsRecomputeQuery(hours).execute(trx);
    return hours.length;
  });
}

/** The page's statement: each window's sums per game and parameter, from the cache alone (the plan test explains it). */
export function windowsQuery(now: Date) {
  const sums = (w: TransparencyWindow) => {
    const filter = windowFilter(w, now);
    return sql`select ${w}::text as day, game, nullif(param, '') as param, sum(bets)::int as bets, sum(wagered)::bigint as wagered, sum(paid)::bigint as paid,
      sum(ss)::float8 as ss, sum(pp)::float8 as pp, sum(sp)::float8 as sp from bet_hours where ${filter} group by game, param`;
  };
  return sql<GroupRow & { game: GameId }>`${sql.join(TRANSPARENCY_WINDOWS.map(sums), sql` union all `)}`;
}

/** The figures as of `now`, after bringing the cache up to date. */
export async function computeTransparency(db: Db, now: Date): Promise<TransparencyAnswer['data']> {
  await refreshHours(db);
  const { rows } = await windowsQuery(now).execute(db);
  const games = gameRows(rows.map((r) => ({ ...r, game: reportGameOf(r.game) })));
  const boxes = await boxDropsByWindow(db, now);
  return {
    computed_at: now.toISOString(),
    windows: TRANSPARENCY_WINDOWS.map((window) => ({ window, games: games.filter((g) => g.day === window).map(({ day: _day, ggr: _ggr, ...g }) => g), boxes: boxes[window] })),
  };
}

/** A node's cached answer: computed at most once per TRANSPARENCY_CACHE_MS, one computation at a time. */
export function transparencyCache(db: Db, clock: () => number = Date.now) {
  let cached: { at: number; data: Promise<TransparencyAnswer['data']> } | null = null;
  return () => {
    const at = clock();
    if (!cached || at - cached.at >= TRANSPARENCY_CACHE_MS) {
      const data = computeTransparency(db, new Date(at));
      cached = { at, data };
      // A failed computation is not served again.
      data.catch(() => {
        if (cached?.data === data) cached = null;
      });
    }
    return cached.data;
  };
}

/** On the leader: the marked hours folded into the cache every TRANSPARENCY_REFRESH_MS, so unread the marks cannot pile up. */
export function runTransparencyRefresh(deps: { db: Db; leader: LeaderElection; log: Log }, everyMs = TRANSPARENCY_REFRESH_MS): void {
  everyWhileLeader(deps.leader, everyMs, () => refreshHours(deps.db), (error) => deps.log.error({ err: error }, 'transparency refresh failed'));
}
