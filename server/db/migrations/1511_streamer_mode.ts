import { sql, type Kysely } from 'kysely';

// Streamer mode (docs/community.md, "Streamer mode"): the player's own screens hide their balance,
// name and email (off by default).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column streamer_mode boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column streamer_mode`.execute(db);
}
