import { sql } from 'kysely';
import type { TransparencyWindow } from '../../core/protocol/transparency.ts';

// The hour arithmetic the transparency page's two caches share (bet_hours, box_drop_hours): which
// journal rows a marked hour holds, and which cached hours a window counts.

const WINDOW_HOURS: Record<TransparencyWindow, number | null> = { '24h': 24, '7d': 24 * 7, '30d': 24 * 30, all: null };

/** A join of the journal (alias `b`) to the marked hours `hours`, read through its time index (`bets_time`). */
export function markedHoursJoin(hours: readonly string[]) {
  return sql`join unnest(${sql.val([...hours])}::timestamp[]) h(hour) on b.placed_at >= h.hour at time zone 'UTC' and b.placed_at < (h.hour + interval '1 hour') at time zone 'UTC'`;
}

/** The UTC hour a journal row (alias `b`) counts in. */
export const betHour = sql<string>`date_trunc('hour', b.placed_at at time zone 'UTC')`;

/** The condition on a cache's `hour` for window `w` as of `now`: whole UTC hours, the current one included. */
export function windowFilter(w: TransparencyWindow, now: Date) {
  const hours = WINDOW_HOURS[w];
  const current = sql`date_trunc('hour', ${now}::timestamptz at time zone 'UTC')`;
  return hours === null ? sql`true` : sql`hour > ${current} - ${sql.lit(hours)} * interval '1 hour'`;
}
