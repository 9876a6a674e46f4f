import { sql, type Kysely } from 'kysely';

// The player's bet history (docs/account-safety.md, "History") reads each game's table newest
// first by the player and the time: one index per table on (player, time) so a page, a date range
// and the CSV export walk only that player's rows (the ledger's own (account, id) index serves its
// list). A box opening now records the
// price paid for it (`opening_price`, cents: 0 for free loot), which nothing else stored; openings
// made before this column existed have none, and the history shows the box's price for them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inventory_items').addColumn('opening_price', 'bigint', (c) => c.check(sql`opening_price >= 0`)).execute();
  await db.schema.createIndex('game_bets_user_time').on('game_bets').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('round_bets_user_time').on('round_bets').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('battle_seats_user_time').on('battle_seats').columns(['user_id', 'joined_at', 'battle_id']).execute();
  // Only box openings carry both a box and a seed pair (battle prizes have no pair, upgrade wins no box).
  await sql`create index inventory_items_openings on inventory_items (user_id, created_at, id) where box_id is not null and seed_pair_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['inventory_items_openings', 'battle_seats_user_time', 'round_bets_user_time', 'game_bets_user_time']) await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('inventory_items').dropColumn('opening_price').execute();
}
