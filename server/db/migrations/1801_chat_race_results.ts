import { sql, type Kysely } from 'kysely';

// Race results in the chat (docs/community.md, "System messages"): the races already announced, one
// row each, claimed with `on conflict do nothing` so any number of nodes announce a race once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_race_announcements')
    .addColumn('race_id', 'bigint', (c) => c.primaryKey().references('races.id'))
    .addColumn('message_id', 'bigint', (c) => c.references('chat_messages.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_race_announcements').execute();
}
