import { sql, type Kysely } from 'kysely';

// System messages in the chat (docs/community.md, "System messages").
// - chat_messages.kind: 'player' (written by the player) or 'system' (posted by the server about a
//   player: a big win). A system message keeps the player's id and name, but players cannot report it
//   and clearing a player's messages leaves it.
// - chat_announcements: the bets already announced, one row each, claimed with `on conflict do
//   nothing` so any number of nodes announce a bet once.
// - A partial index on the bets journal's big wins (multiplier >= 100, the celebration's top tier),
//   so the announcer's look at the last minutes reads only those rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chat_messages add column kind text not null default 'player' check (kind in ('player', 'system'))`.execute(db);
  await db.schema
    .createTable('chat_announcements')
    .addColumn('bet_id', 'bigint', (c) => c.primaryKey().references('bets.id'))
    .addColumn('message_id', 'bigint', (c) => c.references('chat_messages.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index bets_big_wins on bets (settled_at) where multiplier >= 100 and status = 'settled'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bets_big_wins`.execute(db);
  await db.schema.dropTable('chat_announcements').execute();
  await sql`alter table chat_messages drop column kind`.execute(db);
}
