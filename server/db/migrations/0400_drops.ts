import { sql, type Kysely } from 'kysely';

// The live drops feed: one row per item won from a box. Rows are denormalised copies (box image,
// item name, prices at the time of the drop) so the feed never changes when the catalog does
// and reads need no joins. Prices are integer cents.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drops')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('box_slug', 'text', (c) => c.notNull())
    .addColumn('box_kind', 'text', (c) => c.notNull().check(sql`box_kind in ('box', 'free', 'user')`))
    .addColumn('box_img_url', 'text', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('item_rarity', 'text', (c) => c.notNull())
    .addColumn('item_img_url', 'text', (c) => c.notNull())
    .addColumn('item_price', 'bigint', (c) => c.notNull().check(sql`item_price >= 0`))
    .addColumn('item_sale_price', 'bigint', (c) => c.notNull().check(sql`item_sale_price >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Latest drops overall, latest per box, best per box.
  await db.schema.createIndex('drops_latest').on('drops').column('id').execute();
  await db.schema.createIndex('drops_box_latest').on('drops').columns(['box_kind', 'box_slug', 'id']).execute();
  await db.schema.createIndex('drops_box_best').on('drops').columns(['box_kind', 'box_slug', 'item_price']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('drops').execute();
}
