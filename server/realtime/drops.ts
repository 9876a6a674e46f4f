import type { Kysely, Transaction } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import { DROPS_CHANNEL, LAST_DROP_EVENT, type Drop } from '../../core/protocol/realtime.ts';
import type { Database } from '../db/schema.ts';
import type { Bus } from './bus.ts';
import type { BoxKind } from './schema.ts';

// The live drops feed. The boxes area calls `recordDrop` inside the transaction of an opening
// and `announceDrop` after that transaction commits (an announced drop must never be rolled back).

export interface DropRecord {
  userId: number;
  box: { slug: string; kind: BoxKind; imgUrl: string };
  item: { name: string; rarity: string; imgUrl: string; /** cents */ price: number; /** cents */ salePrice: number };
}

type Db = Kysely<Database> | Transaction<Database>;

/** Inserts the drop row; call inside the opening's transaction. Returns the row id. */
export async function recordDrop(trx: Db, drop: DropRecord): Promise<number> {
  const row = await trx
    .insertInto('drops')
    .values({
      user_id: drop.userId,
      box_slug: drop.box.slug,
      box_kind: drop.box.kind,
      box_img_url: drop.box.imgUrl,
      item_name: drop.item.name,
      item_rarity: drop.item.rarity,
      item_img_url: drop.item.imgUrl,
      item_price: drop.item.price,
      item_sale_price: drop.item.salePrice,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The wire form of a drop (docs/product.md §3): prices in coins. */
export function dropPayload(drop: DropRecord): Drop {
  return {
    user_id: drop.userId,
    box: { slug: drop.box.slug, img_url: drop.box.imgUrl },
    item: { rarity: drop.item.rarity, img_url: drop.item.imgUrl, price: centsToCoins(drop.item.price), sale_price: centsToCoins(drop.item.salePrice) },
  };
}

/** Publishes `lastDrop` on the public `drops` channel; call after the opening committed. */
export function announceDrop(bus: Bus, drop: DropRecord): void {
  bus.publish({ channel: DROPS_CHANNEL, event: LAST_DROP_EVENT, data: dropPayload(drop) });
}

export const MAX_DROPS_LIMIT = 50;

/**
 * Latest drops (optionally of one box), or with `best` the most valuable ones (item price
 * descending, newest first among equal prices).
 */
export async function listDrops(db: Db, options: { box?: { kind: BoxKind; slug: string }; best: boolean; limit: number }): Promise<Drop[]> {
  let query = db.selectFrom('drops').selectAll();
  if (options.box) query = query.where('box_kind', '=', options.box.kind).where('box_slug', '=', options.box.slug);
  query = options.best ? query.orderBy('item_price', 'desc').orderBy('id', 'desc') : query.orderBy('id', 'desc');
  const rows = await query.limit(options.limit).execute();
  return rows.map((r) =>
    dropPayload({
      userId: r.user_id,
      box: { slug: r.box_slug, kind: r.box_kind, imgUrl: r.box_img_url },
      item: { name: r.item_name, rarity: r.item_rarity, imgUrl: r.item_img_url, price: r.item_price, salePrice: r.item_sale_price },
    }),
  );
}
