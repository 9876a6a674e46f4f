import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.ts';

// The claim of a notifier that any node may run at the same time (the support answers', the
// delivery steps' and the code reviews' mails, the notifications centre's live notices): rows written with `notified_at` null are claimed by setting it, `skip
// locked` so that two nodes take different rows and the conditional update so that a row is never
// claimed twice. The caller then tells the player about each claimed row; a claim is not undone if
// the telling fails (a mail is best effort, logged).

/** Up to `limit` unclaimed rows of `table` (matching `filter`), oldest first, now claimed; answers `column` of each. */
export async function claimUnnotified<T>(db: Db, table: 'support_messages' | 'withdrawal_steps' | 'code_reviews' | 'notifications', column: 'id' | 'ticket_id', limit: number, filter: RawBuilder<unknown> = sql`true`): Promise<T[]> {
  // `returning` keeps no order of its own; the outer select gives the rows back oldest first, so one
  // node tells a player about a ticket's answers or a withdrawal's steps in the order they happened.
  const { rows } = await sql<Record<string, T>>`
    with claimed as (
      update ${sql.table(table)} set notified_at = now()
      where id in (select id from ${sql.table(table)} where notified_at is null and ${filter} order by id limit ${limit} for update skip locked)
        and notified_at is null
      returning id, ${sql.ref(column)} as claimed_value
    )
    select claimed_value as ${sql.ref(column)} from claimed order by id`.execute(db);
  return rows.map((row) => row[column]!);
}
