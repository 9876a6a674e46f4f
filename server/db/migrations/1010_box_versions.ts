import { sql, type Kysely } from 'kysely';

// Box versions (docs/operator-console.md, "Catalog and boxes"): a box's items, odds and price are
// published as an immutable version; the box points at its current one. Openings and battle rounds
// record the version they were played with, so a later edit never changes what an earlier opening
// was played against, and the fairness pages verify it against that version's own odds.
// - box_versions / box_version_items: one row per publication, never updated or deleted (a trigger
//   refuses it, as for the audit log); `item_price` is the item's price the version's RTP was
//   published with.
// - boxes.version_id: the current version (boxes.price stays its price, written by the same publish).
// - box_items becomes a view of every box's current version, so every reader of the live odds
//   (the art's hero item, tests, benches) reads the one source.
// - inventory_items.box_version_id, battle_rounds.box_version_id: what an opening or a round used.
// - items.art_kind: the picture an operator picked from our product drawings (null: the drawing
//   its category and name give, as before).
// Every existing box gets version 1 from its current items; every earlier opening and battle round
// was played with exactly those odds (nothing could change them before), so they point at it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('items').addColumn('art_kind', 'text').execute();

  await db.schema
    .createTable('box_versions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.id'))
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number >= 1`))
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('box_versions_number', ['box_id', 'number'])
    .execute();
  await db.schema
    .createTable('box_version_items')
    .addColumn('version_id', 'bigint', (c) => c.notNull().references('box_versions.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull().references('items.id'))
    .addColumn('odds_units', 'integer', (c) => c.notNull().check(sql`odds_units > 0`))
    .addColumn('item_price', 'bigint', (c) => c.notNull().check(sql`item_price > 0`))
    .addPrimaryKeyConstraint('box_version_items_pk', ['version_id', 'position'])
    .addUniqueConstraint('box_version_items_unique_item', ['version_id', 'item_id'])
    .execute();
  await sql`create function box_versions_immutable() returns trigger language plpgsql as $$
    begin raise exception '% is immutable: publish a new version', tg_table_name; end $$`.execute(db);
  await sql`create trigger box_versions_immutable before update or delete on box_versions for each row execute function box_versions_immutable()`.execute(db);
  await sql`create trigger box_version_items_immutable before update or delete on box_version_items for each row execute function box_versions_immutable()`.execute(db);

  await db.schema.alterTable('boxes').addColumn('version_id', 'bigint', (c) => c.references('box_versions.id')).execute();
  await sql`insert into box_versions (box_id, number, price, created_at) select id, 1, price, created_at from boxes order by id`.execute(db);
  await sql`insert into box_version_items (version_id, position, item_id, odds_units, item_price)
    select v.id, bi.position, bi.item_id, bi.odds_units, it.price from box_items bi join box_versions v on v.box_id = bi.box_id join items it on it.id = bi.item_id`.execute(db);
  await sql`update boxes set version_id = v.id from box_versions v where v.box_id = boxes.id`.execute(db);

  await db.schema.alterTable('inventory_items').addColumn('box_version_id', 'bigint', (c) => c.references('box_versions.id')).execute();
  await sql`update inventory_items set box_version_id = b.version_id from boxes b where b.id = inventory_items.box_id`.execute(db);
  await db.schema.alterTable('battle_rounds').addColumn('box_version_id', 'bigint', (c) => c.references('box_versions.id')).execute();
  await sql`update battle_rounds set box_version_id = b.version_id from boxes b where b.id = battle_rounds.box_id`.execute(db);
  await sql`alter table battle_rounds alter column box_version_id set not null`.execute(db);

  await db.schema.dropTable('box_items').execute();
  await sql`create view box_items as
    select b.id as box_id, vi.position, vi.item_id, vi.odds_units from boxes b join box_version_items vi on vi.version_id = b.version_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view box_items`.execute(db);
  await db.schema
    .createTable('box_items')
    .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull().references('items.id'))
    .addColumn('odds_units', 'integer', (c) => c.notNull().check(sql`odds_units > 0`))
    .addPrimaryKeyConstraint('box_items_pk', ['box_id', 'position'])
    .addUniqueConstraint('box_items_unique_item', ['box_id', 'item_id'])
    .execute();
  await sql`insert into box_items select b.id, vi.position, vi.item_id, vi.odds_units from boxes b join box_version_items vi on vi.version_id = b.version_id`.execute(db);
  await db.schema.alterTable('battle_rounds').dropColumn('box_version_id').execute();
  await db.schema.alterTable('inventory_items').dropColumn('box_version_id').execute();
  await db.schema.alterTable('boxes').dropColumn('version_id').execute();
  await sql`drop trigger box_version_items_immutable on box_version_items`.execute(db);
  await sql`drop trigger box_versions_immutable on box_versions`.execute(db);
  await db.schema.dropTable('box_version_items').execute();
  await db.schema.dropTable('box_versions').execute();
  await sql`drop function box_versions_immutable()`.execute(db);
  await db.schema.alterTable('items').dropColumn('art_kind').execute();
}
