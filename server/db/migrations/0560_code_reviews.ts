import { sql, type Kysely } from 'kysely';

// Digital code reveals the operator reviews first (docs/boxes.md "Sizes and digital items"): a reveal
// by a young account or of a valuable card moves the item from 'owned' to 'in_review' (held: it cannot
// be sold, shipped or revealed again) and waits here; approving delivers the code ('delivered'),
// rejecting returns the item to 'owned'. A review is decided once (`status = 'pending'`); the decision is mailed once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inventory_items').dropConstraint('inventory_items_state_check').execute();
  await db.schema
    .alterTable('inventory_items')
    .addCheckConstraint('inventory_items_state_check', sql`state in ('owned', 'sold', 'withdrawn', 'consumed', 'delivered', 'in_review')`)
    .execute();
  await db.schema
    .createTable('code_reviews')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('inventory_item_id', 'bigint', (c) => c.notNull().references('inventory_items.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('decided_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    // Set when the player was mailed the decision (server/inventory/reviewNotifier.ts).
    .addColumn('notified_at', 'timestamptz')
    .execute();
  // At most one open review per item.
  await sql`create unique index code_reviews_pending on code_reviews (inventory_item_id) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('code_reviews').execute();
  await db.schema.alterTable('inventory_items').dropConstraint('inventory_items_state_check').execute();
  await db.schema
    .alterTable('inventory_items')
    .addCheckConstraint('inventory_items_state_check', sql`state in ('owned', 'sold', 'withdrawn', 'consumed', 'delivered')`)
    .execute();
}
