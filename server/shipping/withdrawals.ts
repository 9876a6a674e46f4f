import { sql } from 'kysely';
import { WITHDRAWAL_STATUSES, type WithdrawalRequest } from '../../core/protocol/shipping.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import type { WithdrawalStatus, WithdrawalType } from '../boxes/schema.ts';
import { itemImgUrl } from '../boxes/catalog.ts';
import type { Db } from '../db/database.ts';
import { msgError, notFound } from '../http/errors.ts';
import { takeOwnedItems } from '../inventory/inventory.ts';
import { InsufficientFunds, insufficientFundsError, type Wallet, type WalletTx } from '../wallet/wallet.ts';
import { findShippingAddress } from './address.ts';
import { checkDeliveryItems } from './deliveryItems.ts';
import { requireEligible } from '../security/eligibility.ts';

// Withdrawals: a delivery takes owned items to the saved address; a crypto withdrawal takes coins
// to a wallet address. Both start 'new'. While new the player may cancel ('canceled_by_user');
// operators move them on (docs/boxes.md): new → in_processing → done, or new | in_processing →
// canceled. Every cancel returns the items (back to 'owned') or the coins in the same
// transaction as the status change, and every status change is one conditional update on the
// expected current status, so two racing changes cannot both apply.

export const OPERATOR_TRANSITIONS: Record<'in_processing' | 'done' | 'canceled', WithdrawalStatus[]> = {
  in_processing: ['new'],
  done: ['in_processing'],
  canceled: ['new', 'in_processing'],
};

/** What a player's withdrawal uses: the database for its checks, the wallet for the transaction. */
export interface WithdrawalDeps {
  db: Db;
  wallet: Wallet;
}

export async function createWithdrawal(deps: WithdrawalDeps, userId: number, request: WithdrawalRequest): Promise<number> {
  const { db, wallet } = deps;
  await requireEligible(db, userId, 'withdraw');
  if (request.type === 'delivery') {
    const address = await findShippingAddress(db, userId);
    if (!address) throw msgError(422, 'Please save your delivery address first.');
    return wallet.transaction(async (tx) => {
      const row = await tx.trx
        .insertInto('withdrawals')
        .values({ user_id: userId, type: 'delivery', amount: 0, shipping_address: JSON.stringify(address) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const taken = await takeOwnedItems(tx.trx, userId, request.items, 'withdrawn', row.id);
      await checkDeliveryItems(tx.trx, taken, request.sizes);
      const amount = taken.reduce((s, t) => s + t.price, 0);
      await tx.trx.updateTable('withdrawals').set({ amount }).where('id', '=', row.id).execute();
      return row.id;
    });
  }
  const amount = request.amount; // cents (coinAmount)
  try {
    return await wallet.transaction(async (tx) => {
      await tx.debit({ userId, amount, reason: 'crypto_withdrawal', reference: `${request.currency}:${request.address}` });
      const row = await tx.trx
        .insertInto('withdrawals')
        .values({ user_id: userId, type: 'crypto', amount, currency: request.currency, wallet_address: request.address, shipping_address: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw insufficientFundsError();
    throw error;
  }
}

/** Moves a withdrawal from one of `from` to `to`; returns false when it was not in those states. */
async function transition(tx: WalletTx, id: number, from: WithdrawalStatus[], to: WithdrawalStatus, userId?: number): Promise<boolean> {
  let q = tx.trx.updateTable('withdrawals').set({ status: to, updated_at: sql`now()` }).where('id', '=', id).where('status', 'in', from);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  const row = await q.returning(['id', 'user_id', 'type', 'amount']).executeTakeFirst();
  if (!row) return false;
  if (to === 'canceled' || to === 'canceled_by_user') await giveBack(tx, row);
  return true;
}

async function giveBack(tx: WalletTx, w: { id: number; user_id: number; type: WithdrawalType; amount: number }): Promise<void> {
  if (w.type === 'delivery') {
    await tx.trx.updateTable('inventory_items').set({ state: 'owned', withdrawal_id: null, delivery_size: null, changed_at: sql`now()` }).where('withdrawal_id', '=', w.id).where('state', '=', 'withdrawn').execute();
  } else if (w.amount > 0) {
    await tx.credit({ userId: w.user_id, amount: w.amount, reason: 'crypto_withdrawal_refund', reference: `withdrawal:${w.id}` });
  }
}

export async function cancelWithdrawalByUser(deps: WithdrawalDeps, userId: number, id: number): Promise<void> {
  const exists = await deps.db.selectFrom('withdrawals').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!exists) throw notFound('Withdrawal not found.');
  const done = await deps.wallet.transaction((tx) => transition(tx, id, ['new'], 'canceled_by_user', userId));
  if (!done) throw msgError(422, 'This withdrawal can no longer be canceled.');
}

/** Operators (npm run ops -- withdrawals …): false when the withdrawal is not in a state that allows `to`. */
export async function moveWithdrawal(wallet: Wallet, id: number, to: keyof typeof OPERATOR_TRANSITIONS): Promise<boolean> {
  return wallet.transaction((tx) => transition(tx, id, OPERATOR_TRANSITIONS[to], to));
}

export interface WithdrawalFilter {
  userId?: number;
  type?: WithdrawalType;
  status?: WithdrawalStatus;
  /** Inclusive dates (UTC days). */
  from?: string;
  to?: string;
}

function filtered(db: Db, f: WithdrawalFilter) {
  let q = db.selectFrom('withdrawals');
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.from) q = q.where('created_at', '>=', new Date(`${f.from}T00:00:00Z`));
  if (f.to) q = q.where('created_at', '<', new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000));
  return q;
}

export async function listWithdrawals(db: Db, f: WithdrawalFilter, page: { page: number; perPage: number }) {
  const { total } = await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  const ids = rows.filter((r) => r.type === 'delivery').map((r) => r.id);
  const items = ids.length
    ? await db
        .selectFrom('inventory_items')
        .innerJoin('items', 'items.id', 'inventory_items.item_id')
        .select(['inventory_items.id', 'inventory_items.withdrawal_id', 'inventory_items.delivery_size', 'items.id as item_id', 'items.name', 'items.price', 'items.rarity'])
        .where('inventory_items.withdrawal_id', 'in', ids)
        .execute()
    : [];
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      type: r.type,
      status: r.status,
      status_title: WITHDRAWAL_STATUSES[r.status].title,
      status_colour: WITHDRAWAL_STATUSES[r.status].colour,
      amount: centsToCoins(r.amount),
      currency: r.currency,
      address: r.wallet_address,
      shipping_address: r.shipping_address,
      items: items
        .filter((i) => i.withdrawal_id === r.id)
        .map((i) => ({ id: i.id, size: i.delivery_size, item: { id: i.item_id, name: i.name, price: centsToCoins(i.price), rarity: i.rarity, img_url: itemImgUrl(i.item_id) } })),
      can_cancel: r.status === 'new',
      created_at: r.created_at,
      updated_at: r.updated_at,
    })),
  };
}
