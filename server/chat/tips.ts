import { sql } from 'kysely';
import { nameMatches } from '../players/nameMatches.ts';
import type { Db } from '../db/database.ts';
import type { Bus } from '../realtime/bus.ts';
import { userChannel } from '../realtime/bus.ts';
import type { Clock } from '../clock.ts';
import type { Wallet, Trx, WalletTx } from '../wallet/wallet.ts';
import { InsufficientFunds } from '../wallet/wallet.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { fieldError, msgError, unauthenticated } from '../http/errors.ts';
import { rewardRestrictions } from '../responsible/playGate.ts';
import { settleBonuses } from '../bonuses/grants.ts';
import { periodStart } from '../../core/games/playLimits.ts';
import { centsToCoins, coinsToCents, formatCents } from '../../core/money/cents.ts';
import { TIP_MSG, type TipRequest, type TipSettings } from '../../core/protocol/tips.ts';
import { TIP_EVENT, type TipNotice } from '../../core/protocol/tipEvents.ts';
import { tipRefusal } from '../risk/rules.ts';

// Tips between players (docs/community.md, "Tips"): withdrawable coins only, within the daily caps
// of both sides, never to or from a player on a break or past a loss limit. One wallet transaction
// locks both accounts (in id order, so two players tipping each other cannot deadlock), then checks
// everything against what is committed: parallel tips of one sender, or to one recipient, pass one
// after another, each seeing the ones before it. The second factor is the route's declared check.

export interface TipDeps {
  db: Db;
  wallet: Wallet;
  bus: Bus;
  clock: Clock;
}

export async function tipSettings(db: Db | Trx) {
  const s = await db.selectFrom('tip_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return { min_amount: Number(s.min_amount), daily_send_cap: Number(s.daily_send_cap), daily_receive_cap: Number(s.daily_receive_cap) };
}

/** Cents tipped today (UTC) by (`sender_id`) or to (`recipient_id`) the player. */
async function tippedToday(trx: Trx, side: 'sender_id' | 'recipient_id', userId: number, now: Date): Promise<number> {
  const row = await trx.selectFrom('tips').select(sql<string>`coalesce(sum(amount), 0)`.as('sum')).where(side, '=', userId).where('created_at', '>=', periodStart('day', now)).executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** Whether the player is on a break or past a loss limit (the rewards' one reading of it). */
async function restricted(db: Db | Trx, userId: number, now: Date): Promise<boolean> {
  const r = await rewardRestrictions(db, userId, now);
  return r.onBreak || r.lossLimitReached;
}

/**
 * What a sender passes for any tip (to a player or into the rain's pot), inside its transaction with
 * the sender's account locked: not on a break or past a loss limit, within the daily send cap, and
 * only withdrawable coins (a tip is never a way around a wagering requirement).
 */
export async function checkSender(tx: WalletTx, senderId: number, amount: number, settings: Awaited<ReturnType<typeof tipSettings>>, now: Date): Promise<void> {
  if (await restricted(tx.trx, senderId, now)) throw msgError(403, TIP_MSG.senderRestricted);
  const sent = await tippedToday(tx.trx, 'sender_id', senderId, now);
  if (sent + amount > settings.daily_send_cap) throw fieldError('amount', TIP_MSG.sendCap(formatCents(Math.max(0, settings.daily_send_cap - sent))));
  const position = await settleBonuses(tx, senderId, now);
  if (amount > position.balance) throw new InsufficientFunds();
  if (amount > position.withdrawable) throw fieldError('amount', TIP_MSG.bonusLocked(formatCents(position.withdrawable)));
}

/** The tip's amount in cents, or the 422 on `amount` (not whole cents, below the least tip). */
export function tipCents(coins: number, settings: Awaited<ReturnType<typeof tipSettings>>): number {
  const amount = coinsToCents(coins);
  if (amount === null || amount <= 0) throw fieldError('amount', TIP_MSG.amount);
  if (amount < settings.min_amount) throw fieldError('amount', TIP_MSG.least(formatCents(settings.min_amount)));
  return amount;
}

/** A short balance is a 422 on amount like every other refusal of the amount (the route's 422 is the validation shape). */
export async function refusingShortBalance<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InsufficientFunds) throw fieldError('amount', 'Insufficient balance');
    throw error;
  }
}

/** Sends a tip from `senderId`; answers what both players are told. Refusals are the spec's error shapes and move nothing. */
export async function sendTip(deps: TipDeps, senderId: number | null, request: TipRequest): Promise<TipNotice> {
  if (senderId === null) throw unauthenticated();
  const settings = await tipSettings(deps.db);
  const amount = tipCents(request.amount, settings);
  const recipient = await deps.db.selectFrom('users').select(['id', 'name']).where(nameMatches(request.name)).orderBy('id').executeTakeFirst();
  if (!recipient) throw fieldError('name', TIP_MSG.noPlayer);
  const recipientId = Number(recipient.id);
  if (recipientId === senderId) throw fieldError('name', TIP_MSG.self);
  const linked = await tipRefusal(deps.db, senderId, recipientId);
  if (linked) throw fieldError('name', linked);
  const now = new Date(deps.clock.now());
  return refusingShortBalance(async () => {
    const tip = await deps.wallet.transaction(async (tx) => {
      // Both accounts locked in id order before anything is read: the caps and the balance below are final.
      await tx.trx.selectFrom('accounts').select('id').where('user_id', 'in', [senderId, recipientId]).orderBy('user_id').forUpdate().execute();
      await checkSender(tx, senderId, amount, settings, now);
      if (await restricted(tx.trx, recipientId, now)) throw msgError(403, TIP_MSG.recipientRestricted);
      if ((await tippedToday(tx.trx, 'recipient_id', recipientId, now)) + amount > settings.daily_receive_cap) throw fieldError('amount', TIP_MSG.receiveCap);
      const row = await tx.trx.insertInto('tips').values({ sender_id: senderId, recipient_id: recipientId, amount, created_at: now }).returning(['id', 'created_at']).executeTakeFirstOrThrow();
      const reference = `tip:${row.id}`;
      await tx.debit({ userId: senderId, amount, reason: 'tip_sent', reference });
      await tx.credit({ userId: recipientId, amount, reason: 'tip_received', reference });
      const sender = await tx.trx.selectFrom('users').select('name').where('id', '=', senderId).executeTakeFirstOrThrow();
      return { id: Number(row.id), from: { id: senderId, name: sender.name }, to: { id: recipientId, name: recipient.name }, amount: centsToCoins(amount), created_at: new Date(row.created_at).toISOString() };
    });
    for (const userId of [senderId, recipientId]) deps.bus.publish({ channel: userChannel(userId), event: TIP_EVENT, data: tip });
    return tip;
  });
}

export function tipSettingsWire(s: Awaited<ReturnType<typeof tipSettings>>): TipSettings {
  return { min_amount: centsToCoins(s.min_amount), daily_send_cap: centsToCoins(s.daily_send_cap), daily_receive_cap: centsToCoins(s.daily_receive_cap) };
}

/** The console's tip settings, audited as `chat.tip_settings`. */
export async function updateTipSettings(db: Db, actor: Actor, next: TipSettings): Promise<TipSettings> {
  const cents = { min_amount: coinsToCents(next.min_amount), daily_send_cap: coinsToCents(next.daily_send_cap), daily_receive_cap: coinsToCents(next.daily_receive_cap) };
  for (const [field, value] of Object.entries(cents)) if (value === null) throw fieldError(field, TIP_MSG.amount);
  return db.transaction().execute(async (trx) => {
    const before = tipSettingsWire(await tipSettings(trx));
    await trx.updateTable('tip_settings').set({ min_amount: cents.min_amount!, daily_send_cap: cents.daily_send_cap!, daily_receive_cap: cents.daily_receive_cap! }).where('id', '=', 1).execute();
    const after = tipSettingsWire(await tipSettings(trx));
    await audit(trx, actor, { action: 'chat.tip_settings', targetKind: 'chat', targetId: null, before, after });
    return after;
  });
}
