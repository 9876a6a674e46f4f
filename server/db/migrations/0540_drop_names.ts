import { sql, type Kysely } from 'kysely';

// The live feed says who won what from which box (docs/realtime.md "Live drops"): each drop keeps
// the player's and the box's name as they were at the drop, like the item's name and prices
// (copies, so reads need no joins). Older rows take today's names; a box gone since keeps its slug.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('drops').addColumn('user_name', 'text').addColumn('box_name', 'text').execute();
  await sql`update drops set user_name = users.name from users where users.id = drops.user_id`.execute(db);
  await sql`update drops set box_name = boxes.name from boxes where boxes.slug = drops.box_slug`.execute(db);
  await sql`update drops set box_name = box_slug where box_name is null`.execute(db);
  await db.schema.alterTable('drops').alterColumn('user_name', (c) => c.setNotNull()).alterColumn('box_name', (c) => c.setNotNull()).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('drops').dropColumn('user_name').dropColumn('box_name').execute();
}
