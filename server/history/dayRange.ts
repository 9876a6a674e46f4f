import { sql, type RawBuilder } from 'kysely';

/** A filter of whole days (YYYY-MM-DD, both inclusive), the rule of the deposits list too. */
export interface DayRange {
  from?: string;
  to?: string;
}

/** The conditions that keep `column` (a time) inside the range: from its first instant to the end of `to`. */
export function dayRange(column: RawBuilder<unknown> | ReturnType<typeof sql.ref>, range: DayRange): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (range.from) out.push(sql`${column} >= ${range.from}::date`);
  if (range.to) out.push(sql`${column} < ${range.to}::date + 1`);
  return out;
}
