import { sql } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import { DIGITAL_CATEGORIES } from '../../core/protocol/shipping.ts';
import { itemImgUrl } from '../boxes/catalog.ts';
import type { Db } from '../db/database.ts';
import { msgError } from '../http/errors.ts';
import { newCode } from '../promo/giftCodes.ts';

// A digital item (a gift card) is never a parcel: it is sold, or delivered as a code. Delivering is
// ONE conditional update (`… where state = 'owned'`, like selling and shipping) that moves the item
// to 'delivered' and stores a fresh code beside it; no money moves. Asking again for a delivered
// item answers the stored code, so a repeated or concurrent request never makes a second one.

/** The item's code: made and stored on the first call, the stored one afterwards. */
export async function redeemItemCode(db: Db, userId: number, inventoryId: number): Promise<{ code: string; name: string }> {
  const delivered = await db
    .updateTable('inventory_items')
    .set({ state: 'delivered', delivery_code: newCode('CARD'), changed_at: sql`now()` })
    .where('id', '=', inventoryId)
    .where('user_id', '=', userId)
    .where('state', '=', 'owned')
    .where('item_id', 'in', (eb) => eb.selectFrom('items').select('id').where('category', 'in', DIGITAL_CATEGORIES))
    .returning(['delivery_code'])
    .executeTakeFirst();
  const row = await db
    .selectFrom('inventory_items')
    .innerJoin('items', 'items.id', 'inventory_items.item_id')
    .select(['inventory_items.state', 'inventory_items.delivery_code', 'items.name'])
    .where('inventory_items.id', '=', inventoryId)
    .where('inventory_items.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw msgError(404, 'This item is not in your inventory.');
  const code = delivered?.delivery_code ?? row.delivery_code;
  if (row.state === 'delivered' && code) return { code, name: row.name };
  if (row.state === 'owned') throw msgError(422, `${row.name} is not a digital item: it has no code. Ship it or sell it.`);
  throw msgError(422, 'This item is no longer in your inventory.');
}

/** The player's delivered codes, newest first (shown again on the inventory page). */
export async function listItemCodes(db: Db, userId: number) {
  const rows = await db
    .selectFrom('inventory_items')
    .innerJoin('items', 'items.id', 'inventory_items.item_id')
    .select(['inventory_items.id', 'inventory_items.delivery_code', 'inventory_items.changed_at', 'items.id as item_id', 'items.name', 'items.price', 'items.rarity'])
    .where('inventory_items.user_id', '=', userId)
    .where('inventory_items.state', '=', 'delivered')
    .orderBy('inventory_items.changed_at', 'desc')
    .orderBy('inventory_items.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    item: { id: r.item_id, name: r.name, price: centsToCoins(r.price), rarity: r.rarity, img_url: itemImgUrl(r.item_id) },
    code: r.delivery_code ?? '',
    delivered_at: r.changed_at,
  }));
}
