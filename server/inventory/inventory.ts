import { sql } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import { isShippable } from '../../core/protocol/shipping.ts';
import type { INVENTORY_SORTS } from '../../core/protocol/boxes.ts';
import type { InventoryState } from '../boxes/schema.ts';
import { itemImgUrl } from '../boxes/catalog.ts';
import type { Db } from '../db/database.ts';
import { msgError } from '../http/errors.ts';
import type { Trx, Wallet } from '../wallet/wallet.ts';

// A won item is a row of inventory_items. It leaves 'owned' exactly once: to 'sold' (selling it
// back), 'withdrawn' (a delivery), 'delivered' (a digital item's code, itemCodes.ts), 'in_review'
// (its reveal held for review; a rejection brings it back to 'owned') or 'consumed'
// (an upgrade or battle stake), always by ONE
// conditional update `… where state = 'owned'`. Under any concurrency only one such update
// matches the row, so sell, ship and upgrade of one item can never both succeed.

export type InventorySort = (typeof INVENTORY_SORTS)[number];

export interface TakenItem {
  id: number;
  item_id: number;
  price: number;
  sale_price: number;
  name: string;
}

/**
 * Moves the player's items from 'owned' to `to` in the caller's transaction. Returns them only if
 * ALL moved; otherwise throws (the caller's transaction rolls back, nothing changes).
 */
export async function takeOwnedItems(trx: Trx, userId: number, ids: readonly number[], to: Exclude<InventoryState, 'owned'>, withdrawalId: number | null = null): Promise<TakenItem[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw msgError(422, 'Choose at least one item.');
  const moved = await trx
    .updateTable('inventory_items')
    .set({ state: to, changed_at: sql`now()`, withdrawal_id: withdrawalId })
    .where('id', 'in', unique)
    .where('user_id', '=', userId)
    .where('state', '=', 'owned')
    .returning(['inventory_items.id', 'inventory_items.item_id'])
    .execute();
  if (moved.length !== unique.length) {
    throw msgError(422, unique.length === 1 ? 'This item is no longer in your inventory.' : 'Some of these items are no longer in your inventory.');
  }
  const items = await trx.selectFrom('items').select(['id', 'price', 'sale_price', 'name']).where('id', 'in', [...new Set(moved.map((m) => m.item_id))]).execute();
  const byId = new Map(items.map((i) => [i.id, i]));
  return moved.map((m) => {
    const item = byId.get(m.item_id)!;
    return { id: m.id, item_id: m.item_id, price: item.price, sale_price: item.sale_price, name: item.name };
  });
}

/** For other areas (upgrade, battles): consumes owned items in their transaction, all or none. */
export function consumeItems(trx: Trx, userId: number, ids: readonly number[]): Promise<TakenItem[]> {
  return takeOwnedItems(trx, userId, ids, 'consumed');
}

/** Sells items back for their sale price in one transaction; all or none. */
export async function sellItems(wallet: Wallet, userId: number, ids: readonly number[]): Promise<{ count: number; amount: number; balance: number }> {
  return wallet.transaction(async (tx) => {
    const taken = await takeOwnedItems(tx.trx, userId, ids, 'sold');
    const amount = taken.reduce((sum, t) => sum + t.sale_price, 0);
    const balance = amount > 0 ? await tx.credit({ userId, amount, reason: 'item_sale', reference: `inventory:${taken.map((t) => t.id).join(',')}` }) : await tx.balance(userId);
    return { count: taken.length, amount, balance };
  });
}

export interface InventoryQuery {
  sort: InventorySort;
  name?: string;
  page: number;
  perPage: number;
}

function ownedQuery(db: Db, userId: number, name?: string) {
  let q = db.selectFrom('inventory_items').innerJoin('items', 'items.id', 'inventory_items.item_id').where('inventory_items.user_id', '=', userId).where('inventory_items.state', '=', 'owned');
  if (name) q = q.where(sql<boolean>`items.name ilike ${'%' + name.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`);
  return q;
}

export async function listInventory(db: Db, userId: number, query: InventoryQuery) {
  const { total } = await ownedQuery(db, userId, query.name).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let q = ownedQuery(db, userId, query.name).select(['inventory_items.id', 'inventory_items.created_at', 'items.id as item_id', 'items.name', 'items.price', 'items.sale_price', 'items.rarity', 'items.photo', 'items.category', 'items.size_kind']);
  if (query.sort === 'price_desc') q = q.orderBy('items.price', 'desc');
  else if (query.sort === 'price_asc') q = q.orderBy('items.price', 'asc');
  else if (query.sort === 'name') q = q.orderBy('items.name', 'asc');
  const rows = await q
    .orderBy('inventory_items.id', query.sort === 'oldest' ? 'asc' : 'desc')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      id: r.id,
      created_at: r.created_at,
      item: { id: r.item_id, name: r.name, price: centsToCoins(r.price), sale_price: centsToCoins(r.sale_price), rarity: r.rarity, img_url: itemImgUrl({ id: r.item_id, photo: r.photo }) },
      // What shipping needs to know before the checkout: a parcel at all, and which size list.
      shippable: isShippable(r.category),
      size_kind: r.size_kind,
    })),
  };
}
