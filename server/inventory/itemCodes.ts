import { sql, type ExpressionBuilder } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import { DIGITAL_CATEGORIES } from '../../core/protocol/shipping.ts';
import { itemImgUrl } from '../boxes/catalog.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { msgError } from '../http/errors.ts';
import { newCode } from '../promo/giftCodes.ts';
import type { Wallet } from '../wallet/wallet.ts';
import { assertItemsLeave } from '../bonuses/grants.ts';

// A digital item (a gift card) is never a parcel: it is sold, or delivered as a code. Delivering is
// ONE conditional update (`… where state = 'owned'`, like selling and shipping) that moves the item
// to 'delivered' and stores a fresh code beside it; no money moves. Asking again for a delivered
// item answers the stored code, so a repeated or concurrent request never makes a second one.
// A reveal the review rule holds waits in 'in_review' instead (server/inventory/codeReviews.ts).

/** What a reveal is held by (config.codeReview): account age in days, the item's value in cents. */
export interface CodeReviewRule {
  accountDays: number;
  aboveCents: number;
}

export const codeInReviewMessage = (name: string) => `Your ${name} code is waiting for review: it shows here once approved.`;

/** The columns a delivery sets: state 'delivered' and a fresh code (a reveal, or an approved review). */
export const deliveredColumns = () => ({ state: 'delivered' as const, delivery_code: newCode('CARD'), changed_at: sql<Date>`now()` });

const digitalItems = (eb: ExpressionBuilder<Database, 'inventory_items'>) => eb.selectFrom('items').select('id').where('category', 'in', DIGITAL_CATEGORIES);

/**
 * A reveal by a young account or of a valuable item is held for the operator's review
 * (server/inventory/codeReviews.ts): one conditional update moves the owned item to 'in_review' and
 * the review row is written in the same transaction. Answers whether this call held it.
 */
async function holdForReview(db: Db, userId: number, inventoryId: number, rule: CodeReviewRule): Promise<boolean> {
  const row = await db
    .selectFrom('inventory_items as i')
    .innerJoin('items', 'items.id', 'i.item_id')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['items.price', sql<boolean>`u.created_at > now() - make_interval(days => ${rule.accountDays})`.as('young')])
    .where('i.id', '=', inventoryId)
    .where('i.user_id', '=', userId)
    .where('i.state', '=', 'owned')
    .executeTakeFirst();
  if (!row || !(row.young || Number(row.price) > rule.aboveCents)) return false;
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('inventory_items')
      .set({ state: 'in_review', changed_at: sql`now()` })
      .where('id', '=', inventoryId)
      .where('user_id', '=', userId)
      .where('state', '=', 'owned')
      .where('item_id', 'in', digitalItems)
      .returning('id')
      .executeTakeFirst();
    if (!held) return false;
    await trx.insertInto('code_reviews').values({ inventory_item_id: inventoryId, user_id: userId, value: Number(row.price) }).execute();
    return true;
  });
}

/**
 * The item's code: made and stored on the first call, the stored one afterwards; null while the
 * reveal waits for the operator's review (held on the first call when the rule asks for it).
 */
export async function redeemItemCode(deps: { db: Db; wallet: Wallet }, userId: number, inventoryId: number, rule: CodeReviewRule): Promise<{ code: string | null; name: string }> {
  const { db } = deps;
  const delivered = (await holdForReview(db, userId, inventoryId, rule))
    ? undefined
    : await deps.wallet.transaction(async (tx) => {
        const row = await tx.trx
          .updateTable('inventory_items')
          .set(deliveredColumns())
          .where('id', '=', inventoryId)
          .where('user_id', '=', userId)
          .where('state', '=', 'owned')
          .where('item_id', 'in', digitalItems)
          .returning(['delivery_code', 'item_id'])
          .executeTakeFirst();
        // A code is money leaving: while a bonus is locked, one worth more than the withdrawable
        // balance is refused (docs/bonuses.md), and this delivery rolls back.
        if (row) {
          const item = await tx.trx.selectFrom('items').select('price').where('id', '=', row.item_id).executeTakeFirstOrThrow();
          await assertItemsLeave(tx, userId, Number(item.price));
        }
        return row;
      });
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
  if (row.state === 'in_review') return { code: null, name: row.name };
  if (row.state === 'owned') throw msgError(422, `${row.name} is not a digital item: it has no code. Ship it or sell it.`);
  throw msgError(422, 'This item is no longer in your inventory.');
}

/** The player's delivered codes and the reveals waiting for review, newest first (shown on the inventory page). */
export async function listItemCodes(db: Db, userId: number) {
  const rows = await db
    .selectFrom('inventory_items')
    .innerJoin('items', 'items.id', 'inventory_items.item_id')
    .select(['inventory_items.id', 'inventory_items.delivery_code', 'inventory_items.changed_at', 'items.id as item_id', 'items.name', 'items.price', 'items.rarity', 'items.photo', 'inventory_items.state'])
    .where('inventory_items.user_id', '=', userId)
    .where('inventory_items.state', 'in', ['delivered', 'in_review'])
    .orderBy('inventory_items.changed_at', 'desc')
    .orderBy('inventory_items.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    item: { id: r.item_id, name: r.name, price: centsToCoins(r.price), rarity: r.rarity, img_url: itemImgUrl({ id: r.item_id, photo: r.photo }) },
    code: r.delivery_code,
    status: r.state === 'in_review' ? ('review' as const) : ('delivered' as const),
    delivered_at: r.changed_at,
  }));
}
