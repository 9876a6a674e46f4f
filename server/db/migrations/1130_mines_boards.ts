import { sql, type Kysely } from 'kysely';

// Mines (docs/mines.md): one row per board. The board's mines follow from its seed pair and nonce
// (core/fair/mines.ts), so the row keeps no copy of them; it keeps what the player did (the tiles
// revealed, in order) and how it ended. A board leaves `open` once, by a conditional update, and a
// player has at most one open board (the partial unique index), which a reload or a restart finds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mines_boards')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('mines', 'smallint', (c) => c.notNull().check(sql`mines between 1 and 24`))
    .addColumn('seed_pair_id', 'bigint', (c) => c.notNull().references('seed_pairs.id').onDelete('restrict'))
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('revealed', sql`smallint[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'cashed_out', 'lost')`))
    // The payout cap when the board started: a cap narrowed later does not change a board in play.
    .addColumn('max_payout', 'bigint', (c) => c.notNull())
    .addColumn('payout', 'bigint', (c) => c.check(sql`payout >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .addUniqueConstraint('mines_boards_seed_nonce', ['seed_pair_id', 'nonce'])
    .addCheckConstraint('mines_boards_ended', sql`(status = 'open') = (ended_at is null) and (status = 'open') = (payout is null)`)
    .execute();
  await sql`create unique index mines_boards_one_open on mines_boards (user_id) where status = 'open'`.execute(db);
  await db.schema.createIndex('mines_boards_user').on('mines_boards').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mines_boards').execute();
}
