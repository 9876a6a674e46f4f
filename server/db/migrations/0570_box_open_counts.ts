import { sql, type Kysely } from 'kysely';

// A box's opening count without a row that every opening of it writes (docs/boxes.md, "Opening
// counts"): `boxes.opened_count` was incremented inside every opening's transaction, so openings of
// one box by different players queued behind each other's commit on that one row. The count now
// lives in 16 rows a box, one per shard of players (user id mod 16), each opening adding to its
// player's shard; a box's count is their sum. The counts so far move into shard 0.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('box_open_counts')
    .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.id').onDelete('cascade'))
    .addColumn('shard', 'smallint', (c) => c.notNull())
    .addColumn('openings', 'bigint', (c) => c.notNull().check(sql`openings >= 0`))
    .addPrimaryKeyConstraint('box_open_counts_pkey', ['box_id', 'shard'])
    .execute();
  await sql`insert into box_open_counts (box_id, shard, openings) select id, 0, opened_count from boxes where opened_count > 0`.execute(db);
  await db.schema.alterTable('boxes').dropColumn('opened_count').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('boxes').addColumn('opened_count', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update boxes set opened_count = s.n from (select box_id, sum(openings) as n from box_open_counts group by box_id) s where boxes.id = s.box_id`.execute(db);
  await db.schema.dropTable('box_open_counts').execute();
}
