import { sql, type Kysely } from 'kysely';

// Provably fair: players' seed pairs with one row per used nonce (UNIQUE, so a nonce is never
// used twice), and the hash chains of the round games with masked checkpoints (docs/fairness.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seed_pairs')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    // Bets made with the pair so far = the last nonce used (the next bet uses nonce + 1).
    .addColumn('nonce', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`nonce >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revealed_at', 'timestamptz')
    .execute();
  // One active (unrevealed) pair per player.
  await sql`create unique index seed_pairs_one_active on seed_pairs (user_id) where revealed_at is null`.execute(db);
  await db.schema.createIndex('seed_pairs_history').on('seed_pairs').columns(['user_id', 'revealed_at', 'id']).execute();

  await db.schema
    .createTable('seed_pair_rolls')
    .addColumn('seed_pair_id', 'bigint', (c) => c.notNull().references('seed_pairs.id').onDelete('cascade'))
    .addColumn('nonce', 'bigint', (c) => c.notNull().check(sql`nonce >= 1`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('seed_pair_rolls_pk', ['seed_pair_id', 'nonce'])
    .execute();

  await db.schema
    .createTable('hash_chains')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('game', 'text', (c) => c.notNull().check(sql`game in ('crash', 'wheel')`))
    .addColumn('length', 'bigint', (c) => c.notNull().check(sql`length > 0`))
    .addColumn('segment_size', 'integer', (c) => c.notNull().check(sql`segment_size > 0`))
    .addColumn('terminating_hash', 'text', (c) => c.notNull().unique())
    .addColumn('salt', 'text', (c) => c.notNull())
    // Games played so far; game n uses the chain hash at position length − n.
    .addColumn('played', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('exhausted_at', 'timestamptz')
    .addCheckConstraint('hash_chains_played_in_range', sql`played >= 0 and played <= length`)
    .execute();
  await sql`create unique index hash_chains_one_active on hash_chains (game) where exhausted_at is null`.execute(db);

  await db.schema
    .createTable('hash_chain_checkpoints')
    .addColumn('chain_id', 'bigint', (c) => c.notNull().references('hash_chains.id').onDelete('cascade'))
    .addColumn('position', 'bigint', (c) => c.notNull())
    // The chain hash at `position` XOR a mask derived from APP_SECRET: a database dump alone
    // reveals no future game hash.
    .addColumn('masked_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hash_chain_checkpoints_pk', ['chain_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['hash_chain_checkpoints', 'hash_chains', 'seed_pair_rolls', 'seed_pairs']) await db.schema.dropTable(table).execute();
}
