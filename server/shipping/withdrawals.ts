import { sql } from 'kysely';
import { WITHDRAWAL_STATUSES, type WithdrawalRequest } from '../../core/protocol/shipping.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { OPERATOR_MOVES, trackingProblem, type OperatorMove } from '../../core/protocol/adminShipping.ts';
import type { WithdrawalStatus, WithdrawalType } from '../boxes/schema.ts';
import { itemImgUrl } from '../boxes/catalog.ts';
import type { Db } from '../db/database.ts';
import { fieldError, msgError, notFound } from '../http/errors.ts';
import { audit, OPS_ACTOR, type Actor } from '../admin/audit.ts';
import { takeOwnedItems } from '../inventory/inventory.ts';
import { InsufficientFunds, insufficientFundsError, type Wallet, type WalletTx } from '../wallet/wallet.ts';
import { findShippingAddress } from './address.ts';
import { checkDeliveryItems } from './deliveryItems.ts';
import { requireEligible } from '../security/eligibility.ts';
import { assertItemsLeave, assertWithdrawable } from '../bonuses/grants.ts';
import { markAccount } from '../risk/marks.ts';
import { assertWithinKycLimit } from '../kyc/levels.ts';

// Withdrawals: a delivery takes owned items to the saved address; a crypto withdrawal takes coins
// to a wallet address. Both start 'new'. While new the player may cancel ('canceled_by_user');
// operators move them on (docs/boxes.md, docs/operator-console.md "Shipping"): a delivery new →
// in_processing → shipped (with its tracking number) → done, a crypto withdrawal new →
// in_processing → done; either new | in_processing → canceled. Every cancel returns the items (back
// to 'owned') or the coins in the same transaction as the status change, and every status change
// is one conditional update on the expected current status, so two racing changes cannot both
// apply. Each change also writes its step (the player's timeline, mailed by notifyWithdrawalSteps)
// and, when an operator made it, its audit row, in that same transaction. What a player may withdraw
// in 30 days is bounded by their verification level (docs/kyc.md), checked in the same transaction.

export type OperatorTarget = OperatorMove;

/** From which statuses an operator may move each type of withdrawal to each status. */
export const OPERATOR_TRANSITIONS: Record<WithdrawalType, Partial<Record<OperatorTarget, WithdrawalStatus[]>>> = {
  delivery: { in_processing: ['new'], shipped: ['in_processing'], done: ['shipped'], canceled: ['new', 'in_processing'] },
  crypto: { in_processing: ['new'], done: ['in_processing'], canceled: ['new', 'in_processing'] },
};
export const OPERATOR_TARGETS: readonly OperatorTarget[] = OPERATOR_MOVES;

/** "new or in_processing" for messages: the statuses `to` can be reached from, by type. */
export function allowedFrom(to: OperatorTarget): string {
  return (Object.keys(OPERATOR_TRANSITIONS) as WithdrawalType[])
    .filter((t) => OPERATOR_TRANSITIONS[t][to])
    .map((t) => `${t}: ${OPERATOR_TRANSITIONS[t][to]!.join(' or ')}`)
    .join('; ');
}

/** What a player's withdrawal uses: the database for its checks, the wallet for the transaction. */
export interface WithdrawalDeps {
  db: Db;
  wallet: Wallet;
  /** Keys the crypto address's mark of linked accounts (docs/risk.md). */
  config: { appSecret: string };
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
      // The delivery's own record of its items (migration 1021): the list still names them after a cancel.
      await tx.trx
        .insertInto('withdrawal_items')
        .columns(['withdrawal_id', 'inventory_item_id', 'delivery_size'])
        .expression((eb) => eb.selectFrom('inventory_items').select(['withdrawal_id', 'id', 'delivery_size']).where('withdrawal_id', '=', row.id))
        .execute();
      const amount = taken.reduce((s, t) => s + t.price, 0);
      await assertItemsLeave(tx, userId, amount);
      await assertWithinKycLimit(tx, userId, amount, row.id);
      await tx.trx.updateTable('withdrawals').set({ amount }).where('id', '=', row.id).execute();
      return row.id;
    });
  }
  const amount = request.amount; // cents (coinAmount)
  try {
    return await wallet.transaction(async (tx) => {
      // Bonus coins leave only once wagered (docs/bonuses.md): checked with the account locked.
      await assertWithdrawable(tx, userId, amount);
      await tx.debit({ userId, amount, reason: 'crypto_withdrawal', reference: `${request.currency}:${request.address}` });
      // After the debit: more than the balance is refused as that ("Insufficient balance"), not as a
      // verification level's limit, which would ask a player for papers to withdraw coins they lack.
      // A refusal here rolls the debit back with the transaction.
      await assertWithinKycLimit(tx, userId, amount);
      const row = await tx.trx
        .insertInto('withdrawals')
        .values({ user_id: userId, type: 'crypto', amount, currency: request.currency, wallet_address: request.address, shipping_address: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await markAccount(tx.trx, deps.config.appSecret, userId, [{ kind: 'crypto_address', raw: request.address }]);
      return row.id;
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw insufficientFundsError();
    throw error;
  }
}

interface Move {
  to: WithdrawalStatus;
  /** Per type, the statuses the withdrawal may be in. */
  from: Partial<Record<WithdrawalType, WithdrawalStatus[]>>;
  /** Only the player's own (a player's cancel). */
  userId?: number;
  /** The operator who moves it (audited); none for the player's own cancel. */
  actor?: Actor;
  trackingNumber?: string;
}

/** Applies a move if the withdrawal is in one of its `from` statuses; false otherwise, nothing changed. */
async function transition(tx: WalletTx, id: number, move: Move): Promise<boolean> {
  const types = Object.entries(move.from) as [WithdrawalType, WithdrawalStatus[]][];
  let q = tx.trx
    .updateTable('withdrawals')
    .set({ status: move.to, updated_at: sql`now()`, ...(move.trackingNumber !== undefined && { tracking_number: move.trackingNumber }) })
    .where('id', '=', id)
    .where((eb) => eb.or(types.map(([type, from]) => eb.and([eb('type', '=', type), eb('status', 'in', from)]))));
  if (move.userId !== undefined) q = q.where('user_id', '=', move.userId);
  // Locked first, so the audited "before" is the status the conditional update moved it from.
  const before = await tx.trx.selectFrom('withdrawals').select(['status', 'tracking_number']).where('id', '=', id).forUpdate().executeTakeFirst();
  const row = await q.returning(['id', 'user_id', 'type', 'amount', 'tracking_number']).executeTakeFirst();
  if (!row) return false;
  if (move.to === 'canceled' || move.to === 'canceled_by_user') await giveBack(tx, row);
  await tx.trx
    .insertInto('withdrawal_steps')
    // The player's own cancel needs no mail: they are looking at it.
    .values({ withdrawal_id: id, status: move.to, tracking_number: row.tracking_number, actor_id: move.actor?.userId ?? null, notified_at: move.actor ? null : new Date() })
    .execute();
  if (move.actor) {
    await audit(tx.trx, move.actor, { action: `withdrawal.${move.to}`, targetKind: 'withdrawal', targetId: id, before: before ?? null, after: { status: move.to, tracking_number: row.tracking_number } });
  }
  return true;
}

async function giveBack(tx: WalletTx, w: { id: number; user_id: number; type: WithdrawalType; amount: number }): Promise<void> {
  if (w.type === 'delivery') {
    await tx.trx.updateTable('inventory_items').set({ state: 'owned', withdrawal_id: null, delivery_size: null, changed_at: sql`now()` }).where('withdrawal_id', '=', w.id).where('state', '=', 'withdrawn').execute();
  } else if (w.amount > 0) {
    await tx.credit({ userId: w.user_id, amount: w.amount, reason: 'crypto_withdrawal_refund', reference: `withdrawal:${w.id}` });
  }
}

/** The player cancels a withdrawal of theirs while it is new; answers its type (the answer's words follow it). */
export async function cancelWithdrawalByUser(deps: WithdrawalDeps, userId: number, id: number): Promise<WithdrawalType> {
  const exists = await deps.db.selectFrom('withdrawals').select(['id', 'type']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!exists) throw notFound('Withdrawal not found.');
  const done = await deps.wallet.transaction((tx) => transition(tx, id, { to: 'canceled_by_user', from: { delivery: ['new'], crypto: ['new'] }, userId }));
  if (!done) throw msgError(422, 'This withdrawal can no longer be canceled.');
  return exists.type;
}

/**
 * Operators (the console's shipping queue, npm run ops -- withdrawals): false when the withdrawal
 * is not in a state that allows `to`. Shipping needs the parcel's tracking number (trackingProblem,
 * which the console's schema also applies). Audited as `actor` (the ops command's actor when none
 * is given).
 */
export async function moveWithdrawal(wallet: Wallet, id: number, to: OperatorTarget, options: { actor?: Actor; trackingNumber?: string } = {}): Promise<boolean> {
  const trackingNumber = options.trackingNumber?.trim();
  const problem = trackingProblem(to, trackingNumber);
  if (problem) throw fieldError('tracking_number', problem);
  const from = Object.fromEntries((Object.keys(OPERATOR_TRANSITIONS) as WithdrawalType[]).filter((t) => OPERATOR_TRANSITIONS[t][to]).map((t) => [t, OPERATOR_TRANSITIONS[t][to]!]));
  return wallet.transaction((tx) => transition(tx, id, { to, from, actor: options.actor ?? OPS_ACTOR, trackingNumber: to === 'shipped' ? trackingNumber : undefined }));
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
  // From the delivery's own record (migration 1021), not the items' current link: a canceled
  // delivery gave its items back and still names them.
  const items = ids.length
    ? await db
        .selectFrom('withdrawal_items')
        .innerJoin('inventory_items', 'inventory_items.id', 'withdrawal_items.inventory_item_id')
        .innerJoin('items', 'items.id', 'inventory_items.item_id')
        .select(['inventory_items.id', 'withdrawal_items.withdrawal_id', 'withdrawal_items.delivery_size', 'items.id as item_id', 'items.name', 'items.price', 'items.rarity', 'items.photo'])
        .where('withdrawal_items.withdrawal_id', 'in', ids)
        .orderBy('inventory_items.id')
        .execute()
    : [];
  const steps = rows.length
    ? await db.selectFrom('withdrawal_steps').select(['withdrawal_id', 'status', 'tracking_number', 'created_at']).where('withdrawal_id', 'in', rows.map((r) => r.id)).orderBy('id').execute()
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
        .map((i) => ({ id: i.id, size: i.delivery_size, item: { id: i.item_id, name: i.name, price: centsToCoins(i.price), rarity: i.rarity, img_url: itemImgUrl({ id: i.item_id, photo: i.photo }) } })),
      can_cancel: r.status === 'new',
      tracking_number: r.tracking_number,
      steps: steps
        .filter((st) => st.withdrawal_id === r.id)
        .map((st) => ({ status: st.status, status_title: WITHDRAWAL_STATUSES[st.status].title, tracking_number: st.tracking_number, created_at: st.created_at.toISOString() })),
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    })),
  };
}
