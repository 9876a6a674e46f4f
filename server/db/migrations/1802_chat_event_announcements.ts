import { sql, type Kysely } from 'kysely';

// Challenge winners and VIP rank-ups in the chat (docs/community.md, "System messages"): the events
// already announced, one row each under a key naming the event (`challenge:<id>:<place>`,
// `vip_rank:<user>:<tier>`), claimed with `on conflict do nothing` so any number of nodes announce
// each once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_event_announcements')
    .addColumn('event', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'bigint', (c) => c.references('chat_messages.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_event_announcements').execute();
}
