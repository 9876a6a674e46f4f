import { sql, type Kysely } from 'kysely';

// Per-box drops on the transparency page (docs/transparency.md, "Per box"): `box_drop_hours` holds,
// per UTC hour, box version and item, how many settled box openings placed in that hour dropped that
// item. It is the second half of the page's cache (beside `bet_hours`, migration 1400), kept by the
// same marks: the page's refresh recomputes both for the hours the journal's trigger marked. The
// version is the one the opening was played with (inventory_items.box_version_id), so its expected
// count is always against the odds that opening had, whatever the box publishes later.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table box_drop_hours (
    hour timestamp not null,
    version_id bigint not null,
    item_id bigint not null,
    drops integer not null,
    primary key (hour, version_id, item_id)
  )`.execute(db);
  // Every hour that holds a box opening is to compute once (its bet_hours rows come out the same).
  await sql`insert into bet_hours_dirty (hour) select distinct date_trunc('hour', placed_at at time zone 'UTC') from bets where game = 'box'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table box_drop_hours`.execute(db);
}
