import { sql, type Kysely } from 'kysely';
import { catalogItems } from '../../boxes/catalog/items.ts';

// Sizes for deliveries (docs/boxes.md "Sizes and digital items"): an item made in sizes says which
// list its size comes from (items.size_kind), and an item on its way to the player keeps the size
// chosen for it (inventory_items.delivery_size, cleared when the delivery is canceled). A database
// seeded before this migration learns the catalog's size kinds here; a new one from the seed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('size_kind', 'text', (c) => c.check(sql`size_kind in ('shoe', 'clothing')`))
    .execute();
  await db.schema.alterTable('inventory_items').addColumn('delivery_size', 'text').execute();
  await db.schema
    .alterTable('inventory_items')
    .addCheckConstraint('inventory_items_size_only_in_delivery', sql`delivery_size is null or state = 'withdrawn'`)
    .execute();
  for (const kind of ['shoe', 'clothing'] as const) {
    const slugs = catalogItems.filter((i) => i.sizeKind === kind).map((i) => i.slug);
    await sql`update items set size_kind = ${kind} where slug = any(${slugs})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inventory_items').dropConstraint('inventory_items_size_only_in_delivery').execute();
  await db.schema.alterTable('inventory_items').dropColumn('delivery_size').execute();
  await db.schema.alterTable('items').dropColumn('size_kind').execute();
}
