import { sql, type Kysely } from 'kysely';

// Weekly leaderboard prizes and daily cashback claims (docs/rewards.md). Each primary key is the
// claim that makes a payout happen once: a second node or a restart finds the row and pays nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leaderboard_weeks')
    .addColumn('metric', 'text', (c) => c.notNull().check(sql`metric in ('win_amount', 'multiplier')`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('leaderboard_weeks_pk', ['metric', 'starts_at'])
    .execute();
  await db.schema
    .createTable('leaderboard_prizes')
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull().check(sql`rank >= 1`))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('prize', 'bigint', (c) => c.notNull().check(sql`prize > 0`))
    .addPrimaryKeyConstraint('leaderboard_prizes_pk', ['metric', 'starts_at', 'rank'])
    .addForeignKeyConstraint('leaderboard_prizes_week', ['metric', 'starts_at'], 'leaderboard_weeks', ['metric', 'starts_at'])
    .execute();
  await db.schema
    .createTable('cashback_claims')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day_starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cashback_claims_pk', ['user_id', 'day_starts_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cashback_claims').execute();
  await db.schema.dropTable('leaderboard_prizes').execute();
  await db.schema.dropTable('leaderboard_weeks').execute();
}
