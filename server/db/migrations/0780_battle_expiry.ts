import { sql, type Kysely } from 'kysely';

// Waiting battles expire, and a battle whose box was published anew before it started is refunded
// (docs/battles.md "Expiry and box changes"): when a waiting battle stops waiting, and why it was canceled.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('battles')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('canceled_reason', 'text', (c) => c.check(sql`canceled_reason in ('creator', 'expired', 'box_changed')`))
    .execute();
  // Battles waiting at the upgrade get the default hour from now; canceled ones were canceled by their creator.
  await sql`update battles set expires_at = now() + interval '1 hour' where status = 'waiting'`.execute(db);
  await sql`update battles set canceled_reason = 'creator' where status = 'canceled'`.execute(db);
  await sql`create index battles_waiting_expiry on battles (expires_at) where status = 'waiting'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('battles').dropColumn('canceled_reason').dropColumn('expires_at').execute();
}
