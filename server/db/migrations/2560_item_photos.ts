import { sql, type Kysely } from 'kysely';

// An item's product photo (docs/operator-console.md, "Item photos"): the content hash its AVIF and
// WebP renditions are stored under (server/boxes/itemPhotos.ts); null: the item shows its drawing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table items add column photo text check (photo ~ '^[0-9a-f]{32}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table items drop column photo`.execute(db);
}
