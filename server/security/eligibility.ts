import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { msgError } from '../http/errors.ts';

// Free loot and withdrawals pay out value, so throwaway accounts could farm them (sign up, open the
// free box, sell, withdraw). Both need a verified email and money of the player's own brought in:
// deposits (card, crypto, skins, net of reversals) plus redeemed gift codes and vouchers of at
// least MIN_DEPOSITED_CENTS, the smallest card deposit (docs/security.md).

export const MIN_DEPOSITED_CENTS = 5_00;
const DEPOSIT_REASONS = ['deposit', 'deposit_reversal', 'gift_code', 'voucher'];

export const ELIGIBILITY_MESSAGES = {
  withdraw: { email: 'Please verify your email address before withdrawing.', deposit: 'Please deposit at least 5.00 coins before withdrawing.' },
  freeLoot: { email: 'Please verify your email address to open free boxes.', deposit: 'Please deposit at least 5.00 coins to open free boxes.' },
} as const;

/** Revealing a digital item's code is its withdrawal: it needs a verified email too (docs/boxes.md). */
export const REVEAL_EMAIL_MESSAGE = 'Please verify your email address before revealing a code.';

/** Refuses (422 `{message, msg}`) a player whose email is not verified. */
export async function requireVerifiedEmail(db: Db, userId: number, message: string): Promise<void> {
  const user = await db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!user.email_verified_at) throw msgError(422, message);
}

/** Total the player brought in, in cents. */
export async function depositedCents(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .select(sql<string>`coalesce(sum(l.amount), 0)::text`.as('total'))
    .where('a.user_id', '=', userId)
    .where('l.reason', 'in', DEPOSIT_REASONS)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Refuses (422 `{message, msg}`) a player without a verified email or the minimum deposits. */
export async function requireEligible(db: Db, userId: number, purpose: keyof typeof ELIGIBILITY_MESSAGES): Promise<void> {
  await requireVerifiedEmail(db, userId, ELIGIBILITY_MESSAGES[purpose].email);
  if ((await depositedCents(db, userId)) < MIN_DEPOSITED_CENTS) throw msgError(422, ELIGIBILITY_MESSAGES[purpose].deposit);
}
