import { sql, type Kysely } from 'kysely';

// Boxes and items: the catalog (items, boxes, their odds), the players' inventory with its state
// machine, free-loot claims, shipping addresses and withdrawals. Amounts are integer cents.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('items')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('sale_price', 'bigint', (c) => c.notNull().check(sql`sale_price >= 0`))
    .addColumn('rarity', 'text', (c) => c.notNull().check(sql`rarity in ('common', 'uncommon', 'rare', 'epic', 'legendary')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('boxes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('standard', 'unique', 'custom')`))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
    // Free loot: the level whose players may open this box once per 24 h for nothing.
    .addColumn('free_level', 'integer', (c) => c.unique())
    .addColumn('creator_id', 'bigint', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('opened_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('boxes_custom_has_creator', sql`(type = 'custom') = (creator_id is not null)`)
    .execute();
  await db.schema.createIndex('boxes_creator').on('boxes').column('creator_id').execute();

  await db.schema
    .createTable('box_items')
    .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull().references('items.id'))
    .addColumn('odds_units', 'integer', (c) => c.notNull().check(sql`odds_units > 0`))
    .addPrimaryKeyConstraint('box_items_pk', ['box_id', 'position'])
    .addUniqueConstraint('box_items_unique_item', ['box_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('delivery', 'crypto')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new').check(sql`status in ('new', 'in_processing', 'done', 'canceled', 'canceled_by_user')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('currency', 'text')
    .addColumn('wallet_address', 'text')
    .addColumn('shipping_address', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('inventory_items')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('item_id', 'bigint', (c) => c.notNull().references('items.id'))
    .addColumn('box_id', 'bigint', (c) => c.references('boxes.id'))
    // owned → sold | withdrawn | consumed, each by one conditional update (… where state = 'owned').
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('owned').check(sql`state in ('owned', 'sold', 'withdrawn', 'consumed')`))
    .addColumn('seed_pair_id', 'bigint')
    .addColumn('nonce', 'integer')
    .addColumn('ticket', 'integer')
    .addColumn('withdrawal_id', 'bigint', (c) => c.references('withdrawals.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index inventory_items_owned on inventory_items (user_id, id) where state = 'owned'`.execute(db);
  await db.schema.createIndex('inventory_items_withdrawal').on('inventory_items').column('withdrawal_id').execute();

  await db.schema
    .createTable('free_box_claims')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.id'))
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('free_box_claims_pk', ['user_id', 'box_id'])
    .execute();

  await db.schema
    .createTable('shipping_addresses')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('country_state', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('street_address', 'text', (c) => c.notNull())
    .addColumn('street_address_2', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['shipping_addresses', 'free_box_claims', 'inventory_items', 'withdrawals', 'box_items', 'boxes', 'items']) await db.schema.dropTable(table).execute();
}
