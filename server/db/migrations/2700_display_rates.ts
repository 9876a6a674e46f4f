import { sql, type Kysely } from 'kysely';

// Display currencies' rates (docs/payments.md, "Display currencies"): the console appends a row per
// change (never updates one), and the newest row of a currency is the rate pages show. No rate is
// seeded: a currency is offered once an operator has set its rate with the day it was taken.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('display_rates')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('EUR', 'BRL', 'TRY', 'GBP')`))
    .addColumn('micros_per_coin', 'bigint', (c) => c.notNull().check(sql`micros_per_coin > 0`))
    .addColumn('as_of', 'date', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('display_rates_newest').on('display_rates').columns(['currency', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('display_rates').execute();
}
