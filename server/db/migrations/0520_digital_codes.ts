import { sql, type Kysely } from 'kysely';

// Digital items delivered as codes (docs/boxes.md "Sizes and digital items"): a gift card the player
// redeems leaves 'owned' for 'delivered' and keeps the code it was given (unique, shown again in the
// player's list of codes). Only a delivered item has a code, and a delivered item always has one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inventory_items').dropConstraint('inventory_items_state_check').execute();
  await db.schema
    .alterTable('inventory_items')
    .addCheckConstraint('inventory_items_state_check', sql`state in ('owned', 'sold', 'withdrawn', 'consumed', 'delivered')`)
    .execute();
  await db.schema.alterTable('inventory_items').addColumn('delivery_code', 'text', (c) => c.unique()).execute();
  await db.schema
    .alterTable('inventory_items')
    .addCheckConstraint('inventory_items_code_when_delivered', sql`(state = 'delivered') = (delivery_code is not null)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inventory_items').dropConstraint('inventory_items_code_when_delivered').execute();
  await db.schema.alterTable('inventory_items').dropColumn('delivery_code').execute();
  await db.schema.alterTable('inventory_items').dropConstraint('inventory_items_state_check').execute();
  await db.schema
    .alterTable('inventory_items')
    .addCheckConstraint('inventory_items_state_check', sql`state in ('owned', 'sold', 'withdrawn', 'consumed')`)
    .execute();
}
