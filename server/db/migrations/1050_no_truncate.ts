import { sql, type Kysely } from 'kysely';

// The audit log and box versions refuse UPDATE and DELETE row by row (migrations 1000 and 1010); a
// TRUNCATE fires no row trigger, so it would empty them all the same. A statement trigger BEFORE
// TRUNCATE refuses it too: the record of who changed what, and the odds a box was played with, are
// kept for good.
const TABLES = ['audit_log', 'box_versions', 'box_version_items'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function refuse_truncate() returns trigger language plpgsql as $$
    begin raise exception '% cannot be truncated', tg_table_name; end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function refuse_truncate()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql`drop trigger ${sql.id(`${table}_no_truncate`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function refuse_truncate()`.execute(db);
}
