import type { Wallet, WalletTx } from '../wallet/wallet.ts';
import { InsufficientFunds } from '../wallet/wallet.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { fieldError } from '../http/errors.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { assertPlayer } from './playerRow.ts';
import { grantBonus } from '../bonuses/grants.ts';
import type { AdjustmentBonus } from '../../core/protocol/adminPlayers.ts';

// Manual adjustments (docs/operator-console.md, "Players"): never an edited balance, always a wallet
// movement between the player and the house (two ledger rows, reason `manual_adjustment`), with the
// operator's note kept in balance_adjustments and the ledger rows pointing at it
// (`adjustment:<id>`). A debit goes through the wallet's conditional update, so it never takes the
// balance below zero, whatever runs beside it. The note, the movement and the audit row commit together.
// A credit marked as bonus is a bonus grant instead (docs/bonuses.md, "Console bonus credits"): its
// ledger reason is `bonus_credit` (the reports count it with the bonuses granted, not the
// adjustments), with a `bonus_grants` row carrying its requirement, expiry and maximum bet.

export const ADJUSTMENT_REASON = 'manual_adjustment';
export const ADJUSTMENT_SHORT = 'The player’s balance does not cover this debit.';

export interface Adjustment {
  userId: number;
  direction: 'credit' | 'debit';
  /** Positive cents. */
  amount: number;
  note: string;
  /** A credit marked as bonus: its terms (cents); null or absent: plain coins. */
  bonus?: AdjustmentBonus | null;
}

/** The terms an audit row and the console show of a bonus credit (coins). */
export const bonusWire = (b: AdjustmentBonus | null | undefined) => (b ? { wagering_multiple: b.wagering_multiple, bonus_days: b.bonus_days, max_bet: b.max_bet === null ? null : centsToCoins(b.max_bet) } : null);

function consoleGrant(a: Adjustment, bonus: AdjustmentBonus, reference: string) {
  const terms = { multiple: bonus.wagering_multiple, base: 'bonus' as const, days: bonus.bonus_days, maxBet: bonus.max_bet, weights: null };
  return { userId: a.userId, amount: a.amount, deposit: 0, source: 'console' as const, reference, promoCodeId: null, terms };
}

/**
 * Moves the money inside `tx`; answers the adjustment's id and the player's balance after it
 * (cents). `requestedBy`: the staff member who asked for a credit a second one approved.
 */
export async function applyAdjustment(tx: WalletTx, actor: Actor, a: Adjustment, requestedBy?: number): Promise<{ id: number; balance: number }> {
  await assertPlayer(tx.trx, a.userId);
  const signed = a.direction === 'credit' ? a.amount : -a.amount;
  const row = await tx.trx
    .insertInto('balance_adjustments')
    .values({ user_id: a.userId, amount: signed, note: a.note, actor_id: actor.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const movement = { userId: a.userId, amount: a.amount, reason: ADJUSTMENT_REASON, reference: `adjustment:${id}` };
  const balance = a.bonus && a.direction === 'credit' ? await grantBonus(tx, consoleGrant(a, a.bonus, movement.reference)) : a.direction === 'credit' ? await tx.credit(movement) : await tx.debit(movement);
  await audit(tx.trx, actor, {
    action: `player.${a.direction}`,
    targetKind: 'player',
    targetId: a.userId,
    before: { balance: centsToCoins(balance - signed) },
    after: { balance: centsToCoins(balance), amount: centsToCoins(signed), note: a.note, adjustment_id: id, ...(a.bonus && { bonus: bonusWire(a.bonus) }), ...(requestedBy === undefined ? {} : { requested_by: requestedBy }) },
  });
  return { id, balance };
}

/** Moves the money at once; answers the adjustment's id and the player's balance after it (cents). */
export async function adjustBalance(wallet: Wallet, actor: Actor, a: Adjustment): Promise<{ id: number; balance: number }> {
  try {
    return await wallet.transaction((tx) => applyAdjustment(tx, actor, a));
  } catch (error) {
    if (error instanceof InsufficientFunds) throw fieldError('amount', ADJUSTMENT_SHORT);
    throw error;
  }
}
