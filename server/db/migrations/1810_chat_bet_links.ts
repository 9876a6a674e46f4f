import { sql, type Kysely } from 'kysely';

// A big win's system message names its bet (docs/community.md, "System messages"): the bet's public
// id, so the chat links to the bet's page and its share card. Null for every other message.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chat_messages add column bet_public_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chat_messages drop column bet_public_id`.execute(db);
}
