import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Trx, WalletTx } from '../wallet/wallet.ts';
import { msgError } from '../http/errors.ts';
import { KYC_WINDOW_DAYS, KYC_WITHDRAWAL_LIMITS, kycLimitText, type KycLevel } from '../../core/protocol/kyc.ts';

// What a player's verification level lets them withdraw (docs/kyc.md, "Levels"): crypto coins and
// delivered items' value together, over the last KYC_WINDOW_DAYS days, canceled withdrawals not
// counted (their coins or items came back).

export async function kycLevel(db: Db | Trx, userId: number): Promise<KycLevel> {
  const row = await db.selectFrom('kyc_profiles').select('level').where('user_id', '=', userId).executeTakeFirst();
  return row?.level ?? 0;
}

/** Cents withdrawn in the window, besides the withdrawal `except` (the one being checked). */
export async function withdrawnInWindow(db: Db | Trx, userId: number, except?: number): Promise<number> {
  const { rows } = await sql<{ total: string | null }>`
    select sum(amount) as total from withdrawals
    where user_id = ${userId} and created_at > now() - make_interval(days => ${KYC_WINDOW_DAYS})
      and status not in ('canceled', 'canceled_by_user') and id <> ${except ?? 0}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/**
 * Refuses (403, what to do next) a withdrawal of `amount` cents that takes the player past their
 * level's limit. Called inside the withdrawal's transaction with the player's account row locked
 * first (the lock every balance change takes), so two withdrawals asked for at once are counted one
 * after the other.
 */
export async function assertWithinKycLimit(tx: WalletTx, userId: number, amount: number, except?: number): Promise<void> {
  await tx.lockedBalance(userId);
  const trx = tx.trx;
  const level = await kycLevel(trx, userId);
  const limit = KYC_WITHDRAWAL_LIMITS[level];
  if (limit === null) return;
  if ((await withdrawnInWindow(trx, userId, except)) + amount > limit) throw msgError(403, kycLimitText(level, limit));
}
