import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Wallet } from '../wallet/wallet.ts';
import { grantBonus, type BonusTerms } from '../bonuses/grants.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { REFERRAL_CODE_PATTERN, maskName, type Invitation, type PlayerInvitation } from '../../core/protocol/referral.ts';

// The invited player's side of the affiliate programme (docs/community.md, "The invitee's reward"):
// what a /ref/{code} link offers, the signed-in player's own invitation, and the welcome reward,
// paid once through the wallet when the referred player's email is verified, as a bonus grant.

/**
 * The welcome reward is bonus money (docs/bonuses.md): wagered once within 30 days before it can
 * leave, as a mission's reward. It was free coins a throwaway account could cash out with a deposit
 * of its own; played once, it has cost the house its edge on that wager at most.
 */
export const INVITEE_REWARD_TERMS: BonusTerms = { multiple: 1, base: 'bonus', days: 30, maxBet: null, weights: null };

/** The invitation behind a code as the landing shows it, or null when no player has that code. */
export async function invitationByCode(db: Db, rawCode: string, rewardCents: number): Promise<Invitation | null> {
  const code = rawCode.trim().toLowerCase();
  if (!REFERRAL_CODE_PATTERN.test(code)) return null;
  const row = await db.selectFrom('referrers as r').innerJoin('users as u', 'u.id', 'r.user_id').select(['r.code', 'u.name']).where('r.code', '=', code).executeTakeFirst();
  return row ? { code: row.code, referrer: maskName(row.name), reward: centsToCoins(rewardCents) } : null;
}

/**
 * The signed-in player's own invitation (null when they joined without one): whose, what it pays
 * (what was paid, once paid) and whether it has been paid. `code` is the referrer's code now, so a
 * landing can tell whether the link in the address bar is the one the player joined through.
 */
export async function playerInvitation(db: Db, userId: number, rewardCents: number): Promise<PlayerInvitation | null> {
  const row = await db
    .selectFrom('referrals as f')
    .innerJoin('referrers as r', 'r.user_id', 'f.referrer_id')
    .innerJoin('users as referrer', 'referrer.id', 'f.referrer_id')
    .innerJoin('users as me', 'me.id', 'f.referred_id')
    .select(['r.code', 'referrer.name', 'f.invitee_reward', 'me.email_verified_at'])
    .where('f.referred_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const paid = row.invitee_reward === null ? null : Number(row.invitee_reward);
  return {
    code: row.code,
    referrer: maskName(row.name),
    reward: centsToCoins(paid ?? rewardCents),
    rewarded: paid !== null,
    verified: row.email_verified_at !== null,
  };
}

/**
 * Pays a referred player's welcome reward if they qualify now (bound to a referrer, email
 * verified) and have not been paid: the claim is one conditional update of their referrals row
 * inside the crediting transaction, so any number of calls, at the same time, on any node, pay it
 * once. Call it wherever an email becomes verified or a referral binds. Answers the cents paid now.
 */
export async function rewardInvitee(wallet: Wallet, rewardCents: number, userId: number): Promise<number> {
  if (rewardCents <= 0) return 0;
  return wallet.transaction(async (tx) => {
    const claimed = await tx.trx
      .updateTable('referrals')
      .set({ invitee_reward: rewardCents, invitee_rewarded_at: sql<Date>`now()` })
      .where('referred_id', '=', userId)
      .where('invitee_rewarded_at', 'is', null)
      .where((eb) => eb.exists(eb.selectFrom('users').select('users.id').where('users.id', '=', userId).where('users.email_verified_at', 'is not', null)))
      .returning('referrer_id')
      .executeTakeFirst();
    if (!claimed) return 0;
    await grantBonus(tx, { userId, amount: rewardCents, deposit: 0, source: 'referral', reference: `referrer:${claimed.referrer_id}`, promoCodeId: null, terms: INVITEE_REWARD_TERMS });
    return rewardCents;
  });
}
