import { sql, type Kysely } from 'kysely';

// A private battle is reachable only through its link (docs/battles.md): an unguessable key of
// 128 bits that the detail, join and the battle's channel require. Private battles from before get
// a key here (two random UUIDs hashed: 128 bits; new keys come from crypto.randomBytes).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('battles').addColumn('link_key', 'text').execute();
  await sql`update battles set link_key = md5(gen_random_uuid()::text || gen_random_uuid()::text) where private`.execute(db);
  await sql`alter table battles add constraint battles_private_has_key check (private = (link_key is not null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table battles drop constraint battles_private_has_key`.execute(db);
  await db.schema.alterTable('battles').dropColumn('link_key').execute();
}
