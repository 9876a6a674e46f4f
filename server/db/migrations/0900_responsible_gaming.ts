import { sql, type Kysely } from 'kysely';

// Responsible gaming (docs/account-safety.md, "Limits and exclusions").
// - responsible_gaming: one row per player who set a limit or took a break. It is the row every
//   stake and deposit of that player locks (so their bets check their limits one at a time), and
//   its existence is what sends an instant bet off the one-statement path to the checked one.
//   A break (cool-off or self-exclusion) is its three exclusion columns; no route ever clears them
//   before excluded_until (null with a kind: indefinite).
// - play_limits: a limit per kind and period, with a pending raise or removal and when it applies.
// - reality_checks: the reminder interval, apart, so a reminder alone does not slow any bet.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('responsible_gaming')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('exclusion_kind', 'text', (c) => c.check(sql`exclusion_kind in ('cool_off', 'self_exclusion')`))
    .addColumn('excluded_from', 'timestamptz')
    .addColumn('excluded_until', 'timestamptz')
    .execute();
  await sql`alter table responsible_gaming add constraint responsible_gaming_exclusion_whole check ((exclusion_kind is null) = (excluded_from is null) and (exclusion_kind is not null or excluded_until is null))`.execute(db);
  await db.schema
    .createTable('play_limits')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('responsible_gaming.user_id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('deposit', 'loss', 'wager')`))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('day', 'week', 'month')`))
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount > 0`))
    .addColumn('pending_amount', 'bigint', (c) => c.check(sql`pending_amount > 0`))
    .addColumn('pending_from', 'timestamptz')
    .addPrimaryKeyConstraint('play_limits_pkey', ['user_id', 'kind', 'period'])
    .execute();
  await sql`alter table play_limits add constraint play_limits_pending_time check (pending_amount is null or pending_from is not null)`.execute(db);
  await db.schema
    .createTable('reality_checks')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('interval_minutes', 'integer', (c) => c.notNull().check(sql`interval_minutes > 0`))
    .execute();
  // The period sums read a player's ledger by time.
  await sql`create index ledger_entries_account_time on ledger_entries (account_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_entries_account_time`.execute(db);
  for (const table of ['reality_checks', 'play_limits', 'responsible_gaming']) await db.schema.dropTable(table).execute();
}
