import { sql, type Kysely } from 'kysely';

// Public profiles (docs/community.md, "Public profiles"): the figures a player hides from their public
// page (core/protocol/publicStats.ts), none by default: a profile is public unless its player hides it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column public_hidden text[] not null default '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column public_hidden`.execute(db);
}
