import { sql, type Kysely } from 'kysely';

// Box battles (docs/battles.md). A battle commits its server seed hash at creation; its rolls are
// written when the last seat fills (status running) and revealed round by round as `step` (the
// announced timeline steps: a round's start, then its end) advances under the leader.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('battles')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('creator_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('1v1', '1v1v1', '1v1v1v1', '2v2', '3v3')`))
    .addColumn('crazy', 'boolean', (c) => c.notNull())
    .addColumn('private', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting').check(sql`status in ('waiting', 'running', 'ended', 'canceled')`))
    .addColumn('seat_cost', 'bigint', (c) => c.notNull().check(sql`seat_cost > 0`))
    .addColumn('rounds_total', 'integer', (c) => c.notNull().check(sql`rounds_total between 1 and 50`))
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    // Fixed at creation for every seat a bot may take (seat order), so no seed chosen later enters.
    .addColumn('bot_seeds', 'jsonb', (c) => c.notNull())
    .addColumn('public_seed', 'text')
    .addColumn('first_round_at', 'timestamptz')
    .addColumn('round_ms', 'integer', (c) => c.notNull())
    .addColumn('spin_ms', 'integer', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('winner_team', 'integer')
    .addColumn('outcome', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await sql`create index battles_open on battles (status, id) where not private`.execute(db);

  // One row per round: the box opened by every seat that round.
  await db.schema
    .createTable('battle_rounds')
    .addColumn('battle_id', 'bigint', (c) => c.notNull().references('battles.id').onDelete('cascade'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.id'))
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('battle_rounds_pk', ['battle_id', 'round'])
    .execute();

  await db.schema
    .createTable('battle_seats')
    .addColumn('battle_id', 'bigint', (c) => c.notNull().references('battles.id').onDelete('cascade'))
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('team', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('bot_id', 'integer')
    .addColumn('client_seed', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('battle_seats_pk', ['battle_id', 'seat'])
    .addCheckConstraint('battle_seats_who', sql`(user_id is null) <> (bot_id is null)`)
    .execute();
  await sql`create unique index battle_seats_user on battle_seats (battle_id, user_id) where user_id is not null`.execute(db);
  await db.schema.createIndex('battle_seats_by_user').on('battle_seats').columns(['user_id', 'battle_id']).execute();

  // Every roll, written when the battle starts; shown once its round has started.
  await db.schema
    .createTable('battle_rolls')
    .addColumn('battle_id', 'bigint', (c) => c.notNull().references('battles.id').onDelete('cascade'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('ticket', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull().references('items.id'))
    .addColumn('value', 'bigint', (c) => c.notNull())
    // The seat that received the item when the battle ended (the winner, or the team split).
    .addColumn('awarded_seat', 'integer')
    .addColumn('inventory_item_id', 'bigint', (c) => c.references('inventory_items.id'))
    .addPrimaryKeyConstraint('battle_rolls_pk', ['battle_id', 'round', 'seat'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('battle_rolls').execute();
  await db.schema.dropTable('battle_seats').execute();
  await db.schema.dropTable('battle_rounds').execute();
  await db.schema.dropTable('battles').execute();
}
