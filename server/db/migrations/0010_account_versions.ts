import { sql, type Kysely } from 'kysely';

// Every change of a player's balance also moves the account's version by one (ledgerMove.ts), so a
// balance the server sends carries a number that only grows: the client shows a balance only when
// its version is newer than the one it shows (src/stores/balance.ts), whatever order answers and
// realtime events arrive in. Accounts from before start at the count of their ledger rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update accounts a set version = (select count(*) from ledger_entries e where e.account_id = a.id) where a.kind = 'user'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('version').execute();
}
