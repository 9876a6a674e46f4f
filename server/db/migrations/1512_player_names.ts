import { sql, type Kysely } from 'kysely';

// A player found by the name another player typed (a tip, a public profile, a chat mention:
// server/players/nameMatches.ts and the chat's mentions) is compared by `lower(name)`: one index
// on it, so each lookup is no scan of the users.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_lower_name on users (lower(name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_lower_name`.execute(db);
}
