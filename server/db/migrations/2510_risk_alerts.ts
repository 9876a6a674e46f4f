import { sql, type Kysely } from 'kysely';

// The console's risk alerts (docs/risk.md, "Alerts"): one row per finding of the alert scanner, with
// its evidence; `key` names what was found (a tip, a battle, a withdrawal, a player's day), so a
// finding is raised once however often and on however many nodes the scanner runs. An operator
// closes it as dismissed or acted on, with a note (audited). `risk_scan` keeps how far the scanner
// has read (one row), so each run reads only what happened since; the indexes are what it reads by.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('risk_alerts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('evidence', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'dismissed', 'actioned')`))
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'bigint', (c) => c.references('users.id'))
    .execute();
  await sql`create index risk_alerts_open on risk_alerts (created_at) where status = 'open'`.execute(db);
  await sql`create table risk_scan (id integer primary key check (id = 1), scanned_to timestamptz)`.execute(db);
  await sql`insert into risk_scan (id) values (1)`.execute(db);
  await sql`create index tips_at on tips (created_at)`.execute(db);
  await sql`create index withdrawals_at on withdrawals (created_at)`.execute(db);
  await sql`create index withdrawals_canceled_at on withdrawals (updated_at) where status = 'canceled_by_user'`.execute(db);
  await sql`create index battle_seats_joined on battle_seats (joined_at)`.execute(db);
  await sql`create index ledger_entries_deposits on ledger_entries (created_at) where reason = 'deposit'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['tips_at', 'withdrawals_at', 'withdrawals_canceled_at', 'battle_seats_joined', 'ledger_entries_deposits']) await sql`drop index ${sql.ref(index)}`.execute(db);
  await db.schema.dropTable('risk_scan').execute();
  await db.schema.dropTable('risk_alerts').execute();
}
