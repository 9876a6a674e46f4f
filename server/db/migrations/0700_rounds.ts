import { sql, type Kysely } from 'kysely';

// Round games (crash, wheel): one row per round and one per bet (docs/crash.md, "Rounds").
// A round is created `new` with its chain hash taken (kept secret until `ended`) and its outcome
// fixed, then walks starting → pending → in_progress → ended by conditional updates of the
// leader. Its counters (wagered, open stake, paid) are updated in the same transaction as every
// bet and settlement, so any node can check the round's payout cap. Amounts are integer cents.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rounds')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('game', 'text', (c) => c.notNull().check(sql`game in ('crash', 'wheel')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('new', 'starting', 'pending', 'in_progress', 'ended')`))
    .addColumn('chain_id', 'bigint', (c) => c.notNull().references('hash_chains.id').onDelete('restrict'))
    .addColumn('game_number', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    // What the hash decided (crash: crash_point; wheel: segment), secret like the hash until `ended`.
    .addColumn('outcome', 'jsonb', (c) => c.notNull())
    // How long `in_progress` lasts in ms (crash: until the crash point; wheel: the spin).
    .addColumn('run_ms', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('betting_ends_at', 'timestamptz')
    .addColumn('starts_at', 'timestamptz')
    .addColumn('launched_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    // Ended by a new leader before it reached `in_progress`: every bet refunded, the outcome unplayed.
    .addColumn('voided', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('wagered', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('open_stake', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`open_stake >= 0`))
    .addColumn('paid', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`paid >= 0`))
    .addUniqueConstraint('rounds_chain_game', ['chain_id', 'game_number'])
    .execute();
  // One unfinished round per game: two nodes that both think they lead cannot both start one.
  await sql`create unique index rounds_one_open on rounds (game) where status <> 'ended'`.execute(db);
  await sql`create index rounds_ended on rounds (game, id desc) where status = 'ended' and not voided`.execute(db);

  await db.schema
    .createTable('round_bets')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('round_id', 'bigint', (c) => c.notNull().references('rounds.id').onDelete('cascade'))
    .addColumn('game', 'text', (c) => c.notNull().check(sql`game in ('crash', 'wheel')`))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    // The bet as placed (crash: auto_cashout in hundredths or null; wheel: the colour).
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'cashed_out', 'won', 'lost', 'refunded', 'canceled')`))
    // The multiplier it was settled at (numeric, exact), and what it paid.
    .addColumn('multiplier', sql`numeric(20, 2)`)
    .addColumn('payout', 'bigint', (c) => c.check(sql`payout >= 0`))
    // Who closed it: the player, the server (auto cash-out, payout caps), the round's end.
    .addColumn('closed_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('round_bets_round').on('round_bets').columns(['round_id', 'id']).execute();
  await db.schema.createIndex('round_bets_user').on('round_bets').columns(['user_id', 'id']).execute();
  await sql`create index round_bets_open on round_bets (user_id, round_id) where status = 'open'`.execute(db);
  // Crash takes one bet per player per round (wheel takes several).
  await sql`create unique index round_bets_one_crash on round_bets (round_id, user_id) where game = 'crash'`.execute(db);
  await db.schema.createIndex('round_bets_settled').on('round_bets').columns(['game', 'settled_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('round_bets').execute();
  await db.schema.dropTable('rounds').execute();
}
