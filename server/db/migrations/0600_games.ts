import { sql, type Kysely } from 'kysely';

// Instant games (dice, plinko, upgrade): one row per bet with the seed pair and nonce that decided
// it, so every bet can be verified and the histories, high wins and leaderboards read one table.
// Amounts are integer cents; `multiplier` is the payout ÷ stake as shown (numeric, exact).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_bets')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game', 'text', (c) => c.notNull().check(sql`game in ('dice', 'plinko', 'upgrade')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('payout', 'bigint', (c) => c.notNull().check(sql`payout >= 0`))
    .addColumn('multiplier', sql`numeric(14, 4)`, (c) => c.notNull())
    .addColumn('seed_pair_id', 'bigint', (c) => c.notNull().references('seed_pairs.id').onDelete('restrict'))
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    // The bet as asked (target and direction, rows and risk, inputs and target item) and as
    // decided (roll, path and slot, ticket and won inventory row): the fairness pages replay it.
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('outcome', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_bets_seed_nonce', ['seed_pair_id', 'nonce'])
    .execute();
  await db.schema.createIndex('game_bets_user').on('game_bets').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('game_bets_game').on('game_bets').columns(['game', 'id']).execute();
  await db.schema.createIndex('game_bets_game_payout').on('game_bets').columns(['game', 'payout']).execute();
  await db.schema.createIndex('game_bets_created').on('game_bets').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('game_bets').execute();
}
