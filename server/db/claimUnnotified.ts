import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.ts';

// The claim of a notifier that any node may run at the same time (the support answers', the
// delivery steps' and the code reviews' mails, the notifications centre's live notices): rows written with `notified_at` null are claimed by setting it, `skip
// locked` so that two nodes take different rows and the conditional update so that a row is never
// claimed twice. The caller then tells the player about each claimed row; a claim is not undone if
// the telling fails (a mail is best effort, logged).

/** Up to `limit` unclaimed rows of `table` (matching `filter`), oldest first, now claimed; answers `column` of each. */
export async function claimUnnotified<T>(db: Db, table: 'support_messages' | 'withdrawal_steps' | 'code_reviews' | 'notifications', column: 'id' | 'ticket_id', limit: number, filter: RawBuilder<unknown> = sql`true`): Promise<T[]> {
  const { rows } = await sql<Record<string, T>>`
    update ${sql.table(table)} set notified_at = now()
    where id in (select id from ${sql.table(table)} where notified_at is null and ${filter} order by id limit ${limit} for update skip locked)
      and notified_at is null
    returning ${sql.ref(column)}`.execute(db);
  return rows.map((row) => row[column]!);
}
