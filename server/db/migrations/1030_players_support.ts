import { sql, type Kysely } from 'kysely';

// The console's players and support tables (docs/operator-console.md, "Players" and "Support"):
// - account_locks: a locked player (one row while locked; unlocking deletes it, the audit log keeps
//   the history). Sign-in refuses a player with a row (server/accounts/accountLocks.ts);
// - balance_adjustments: each manual credit or debit with its required note; its ledger rows carry
//   `adjustment:<id>` as their reference, so the ledger points at why the money moved;
// - support_notes: operators' internal notes on a ticket, in a table of their own so that nothing
//   that reads a ticket's messages for the player (their API, the reply notifier) can reach them;
// - the sessions' sign-in address, indexed for the players search by address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_locks')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'bigint', (c) => c.references('users.id')) // null: an ops command
    .addColumn('locked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('balance_adjustments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    // Signed cents: positive credits the player, negative debits them.
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'bigint', (c) => c.references('users.id')) // null: an ops command
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('balance_adjustments_user').on('balance_adjustments').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('support_notes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ticket_id', 'bigint', (c) => c.notNull().references('support_tickets.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.references('users.id')) // null: an ops command
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('support_notes_ticket').on('support_notes').columns(['ticket_id', 'id']).execute();

  await db.schema.createIndex('sessions_address').on('sessions').columns(['address']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_address').execute();
  for (const table of ['support_notes', 'balance_adjustments', 'account_locks']) await db.schema.dropTable(table).execute();
}
