import { sql, type Kysely } from 'kysely';

// What each delivery held, for good (docs/boxes.md, "Shipping"): a canceled delivery gives its items
// back (inventory_items.withdrawal_id is cleared, so the item can be shipped or sold again), and the
// player's list of deliveries then showed the canceled one without them ("Delivery 45.00 Canceled").
// One row per item of a delivery, with the size chosen for it, written with the delivery; the list
// reads these. Back-filled from the items still linked to a delivery (those of canceled ones are gone).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawal_items')
    .addColumn('withdrawal_id', 'bigint', (c) => c.notNull().references('withdrawals.id'))
    .addColumn('inventory_item_id', 'bigint', (c) => c.notNull().references('inventory_items.id'))
    .addColumn('delivery_size', 'text')
    .addPrimaryKeyConstraint('withdrawal_items_pkey', ['withdrawal_id', 'inventory_item_id'])
    .execute();
  await sql`insert into withdrawal_items (withdrawal_id, inventory_item_id, delivery_size)
    select withdrawal_id, id, delivery_size from inventory_items where withdrawal_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal_items').execute();
}
