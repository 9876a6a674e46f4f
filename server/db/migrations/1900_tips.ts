import { sql, type Kysely } from 'kysely';

// Tips between players (docs/community.md, "Tips").
// - tip_settings: one row (id 1) of the console's settings: the least tip and the daily caps a
//   player may send and receive (cents, per UTC day).
// - tips: every tip, sender and recipient, kept beside its two ledger movements (`tip_sent`,
//   `tip_received`, reference `tip:{id}`); the daily caps are sums over it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tip_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('min_amount', 'bigint', (c) => c.notNull().defaultTo(100).check(sql`min_amount >= 1`))
    .addColumn('daily_send_cap', 'bigint', (c) => c.notNull().defaultTo(100_000).check(sql`daily_send_cap >= 0`))
    .addColumn('daily_receive_cap', 'bigint', (c) => c.notNull().defaultTo(100_000).check(sql`daily_receive_cap >= 0`))
    .execute();
  await sql`insert into tip_settings (id) values (1)`.execute(db);
  await db.schema
    .createTable('tips')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('sender_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('recipient_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('tips_not_self', sql`sender_id <> recipient_id`)
    .execute();
  await db.schema.createIndex('tips_sender_day').on('tips').columns(['sender_id', 'created_at']).execute();
  await db.schema.createIndex('tips_recipient_day').on('tips').columns(['recipient_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tips').execute();
  await db.schema.dropTable('tip_settings').execute();
}
