import { sql, type Kysely, type Transaction } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import { DROPS_CHANNEL, LAST_DROP_EVENT, type Drop } from '../../core/protocol/realtime.ts';
import { gamesOfKind, type DropGame } from '../../core/games/catalog.ts';
import type { Database } from '../db/schema.ts';
import type { Bus } from './bus.ts';
import type { BoxKind } from './schema.ts';

// The live drops feed. The boxes area calls `recordDrop` inside the transaction of an opening, a
// battle's end (its won items) and an upgrade's win likewise, and `announceDrop` with what it
// recorded after that transaction commits (an announced drop must never be rolled back).

export interface DropRecord {
  /** The game that won it. */
  game: DropGame;
  userId: number;
  box: { slug: string; kind: BoxKind; name: string; imgUrl: string };
  item: { name: string; rarity: string; imgUrl: string; /** cents */ price: number; /** cents */ salePrice: number };
}

/** A drop as stored: its row id and the player's name at the drop. */
export interface RecordedDrop extends DropRecord {
  id: number;
  userName: string;
}

type Db = Kysely<Database> | Transaction<Database>;

/** Inserts the drop row (the player's name copied from their account); call inside the opening's transaction. */
export async function recordDrop(trx: Db, drop: DropRecord): Promise<RecordedDrop> {
  const row = await trx
    .insertInto('drops')
    .values({
      game: drop.game,
      user_id: drop.userId,
      user_name: sql<string>`(select name from users where id = ${drop.userId})`,
      box_slug: drop.box.slug,
      box_kind: drop.box.kind,
      box_name: drop.box.name,
      box_img_url: drop.box.imgUrl,
      item_name: drop.item.name,
      item_rarity: drop.item.rarity,
      item_img_url: drop.item.imgUrl,
      item_price: drop.item.price,
      item_sale_price: drop.item.salePrice,
    })
    .returning(['id', 'user_name'])
    .executeTakeFirstOrThrow();
  return { ...drop, id: row.id, userName: row.user_name };
}

/** The wire form of a drop (docs/product.md §3, plus the names and the box's kind: docs/realtime.md): prices in coins. */
export function dropPayload(drop: RecordedDrop): Drop {
  return {
    id: drop.id,
    game: drop.game,
    user_id: drop.userId,
    user_name: drop.userName,
    box: { slug: drop.box.slug, img_url: drop.box.imgUrl, kind: drop.box.kind, name: drop.box.name },
    item: { name: drop.item.name, rarity: drop.item.rarity, img_url: drop.item.imgUrl, price: centsToCoins(drop.item.price), sale_price: centsToCoins(drop.item.salePrice) },
  };
}

/** Publishes `lastDrop` on the public `drops` channel; call after the opening committed. */
export function announceDrop(bus: Bus, drop: RecordedDrop): void {
  bus.publish({ channel: DROPS_CHANNEL, event: LAST_DROP_EVENT, data: dropPayload(drop) });
}

/**
 * Latest drops (optionally of one box), or with `best` the most valuable ones (item price
 * descending, newest first among equal prices).
 */
export async function listDrops(db: Db, options: { box?: { kind: BoxKind; slug: string }; best: boolean; limit: number }): Promise<Drop[]> {
  let query = db.selectFrom('drops').selectAll();
  // A box's own list holds its openings only (a battle's round of it is the battle's).
  if (options.box) query = query.where('game', 'in', gamesOfKind('box')).where('box_kind', '=', options.box.kind).where('box_slug', '=', options.box.slug);
  query = options.best ? query.orderBy('item_price', 'desc').orderBy('id', 'desc') : query.orderBy('id', 'desc');
  const rows = await query.limit(options.limit).execute();
  return rows.map((r) =>
    dropPayload({
      id: r.id,
      game: r.game,
      userId: r.user_id,
      userName: r.user_name,
      box: { slug: r.box_slug, kind: r.box_kind, name: r.box_name, imgUrl: r.box_img_url },
      item: { name: r.item_name, rarity: r.item_rarity, imgUrl: r.item_img_url, price: r.item_price, salePrice: r.item_sale_price },
    }),
  );
}
