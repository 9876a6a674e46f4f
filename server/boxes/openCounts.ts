import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// How often each box was opened, kept without a row that every opening of a box writes: the count
// lives in OPEN_COUNT_SHARDS rows a box, and an opening adds to the row of its player's shard, so
// openings of one box by different players do not queue behind each other's commit (two of one
// player's openings queue on the player's account row anyway). A box's count is the sum of its rows.

export const OPEN_COUNT_SHARDS = 16;

/** Adds `quantity` openings of `boxId` by `userId`; call inside the opening's transaction. */
export async function countOpenings(db: Db, boxId: number, userId: number, quantity: number): Promise<void> {
  await db
    .insertInto('box_open_counts')
    .values({ box_id: boxId, shard: userId % OPEN_COUNT_SHARDS, openings: quantity })
    .onConflict((oc) => oc.columns(['box_id', 'shard']).doUpdateSet({ openings: sql`box_open_counts.openings + excluded.openings` }))
    .execute();
}

/** The box's count as a column of a query over `boxes` (its shard rows summed, by their primary key). */
export const openedCount = sql<number>`coalesce((select sum(c.openings) from box_open_counts c where c.box_id = boxes.id), 0)::bigint`;
