import { sql, type Kysely } from 'kysely';

// Rain (docs/community.md, "Rain").
// - rain_settings: one row (id 1) of the console's settings: on/off, the share of the house edge
//   that funds the pot (basis points), how often a rain starts, how long it stays open to join, the
//   eligibility bars (verified email, wagered in 7 days, deposited in 14 days), the captcha, the least
//   pot, and the wagering of the bonus each share is paid as.
// - rain_pot: one row (id 1): what waits for the next rain (cents, the house's money until paid), the
//   journal time up to which the edge was counted, and when the next rain may start.
// - rains: every rain, its pot and window; at most one open at a time (a unique partial index); it
//   leaves `open` once, by a conditional update in the transaction that pays it.
// - rain_entries: one row per person and rain (the primary key), with the share paid.
// - chat_messages.user_id may be null: a system message about no player (a rain).
// - tips.recipient_id may be null: a tip into the rain's pot (it counts against the daily send cap).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rain_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    // Off until an operator turns it on: while off, no edge is counted and no rain starts.
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('edge_share_bp', 'integer', (c) => c.notNull().defaultTo(500).check(sql`edge_share_bp between 0 and 10000`))
    .addColumn('interval_minutes', 'integer', (c) => c.notNull().defaultTo(30).check(sql`interval_minutes between 1 and 1440`))
    .addColumn('window_seconds', 'integer', (c) => c.notNull().defaultTo(120).check(sql`window_seconds between 10 and 3600`))
    .addColumn('require_verified', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('min_wagered_7d', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`min_wagered_7d >= 0`))
    .addColumn('min_deposited_14d', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`min_deposited_14d >= 0`))
    .addColumn('captcha', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('min_pot', 'bigint', (c) => c.notNull().defaultTo(100).check(sql`min_pot >= 1`))
    .addColumn('wagering_multiple', 'integer', (c) => c.notNull().defaultTo(1).check(sql`wagering_multiple between 0 and 100`))
    .addColumn('bonus_days', 'integer', (c) => c.notNull().defaultTo(7).check(sql`bonus_days between 1 and 365`))
    .execute();
  await sql`insert into rain_settings (id) values (1)`.execute(db);
  await db.schema
    .createTable('rain_pot')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`amount >= 0`))
    .addColumn('edge_counted_until', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into rain_pot (id) values (1)`.execute(db);
  await db.schema
    .createTable('rains')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('pot', 'bigint', (c) => c.notNull().check(sql`pot > 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'paid')`))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closes_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await sql`create unique index rains_one_open on rains ((true)) where status = 'open'`.execute(db);
  await db.schema
    .createTable('rain_entries')
    .addColumn('rain_id', 'bigint', (c) => c.notNull().references('rains.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('share', 'bigint')
    .addPrimaryKeyConstraint('rain_entries_pkey', ['rain_id', 'user_id'])
    .execute();
  await sql`alter table chat_messages alter column user_id drop not null`.execute(db);
  await sql`alter table tips alter column recipient_id drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rain_entries').execute();
  await db.schema.dropTable('rains').execute();
  await db.schema.dropTable('rain_pot').execute();
  await db.schema.dropTable('rain_settings').execute();
}
