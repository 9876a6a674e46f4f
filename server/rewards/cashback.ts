import type { Kysely } from 'kysely';
import { levelOf } from '../../core/games/levels.ts';
import { cashbackCents, cashbackDayStart, cashbackRate, DAY_MS } from '../../core/games/rewards.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import type { Database } from '../db/schema.ts';
import { msgError } from '../http/errors.ts';
import type { Wallet } from '../wallet/wallet.ts';
import { stakesByGame } from '../history/play.ts';

// Daily cashback (docs/rewards.md). A cashback day runs from 21:00 UTC to the next 21:00 UTC. What
// a day's settled stakes earn (a share of the house edge, by level) accrues during it and can be
// claimed during the following day, once; a day not claimed then lapses. The claim's row
// (cashback_claims, primary key player and day) is what lets one claim through: parallel claims
// wait on the first one's insert and find the row.

/** The player's cashback (cents) on the stakes of [start, end): the bets journal's, refunded and voided ones counting for nothing. */
async function cashbackOf(db: Kysely<Database>, userId: number, start: Date, end: Date, rate: number): Promise<number> {
  return cashbackCents(await stakesByGame(db, userId, start, end), rate);
}

async function playerRate(db: Kysely<Database>, userId: number): Promise<number> {
  const user = await db.selectFrom('users').select('wagered').where('id', '=', userId).executeTakeFirstOrThrow();
  return cashbackRate(levelOf(user.wagered).level);
}

async function claimedToday(db: Kysely<Database>, userId: number, day: Date): Promise<boolean> {
  const row = await db.selectFrom('cashback_claims').select('amount').where('user_id', '=', userId).where('day_starts_at', '=', day).executeTakeFirst();
  return row !== undefined;
}

/**
 * The player's cashback state: `rate` (percent of the house edge), `accrued` (today's, claimable
 * from next_at), `claimable` (yesterday's, unless claimed today), `next_at` and `hidden` (the banner
 * hides when nothing has accrued and nothing is claimable, or when today's claim is made).
 */
export async function cashbackState(db: Kysely<Database>, userId: number, now: Date) {
  const day = cashbackDayStart(now);
  const rate = await playerRate(db, userId);
  const claimed = await claimedToday(db, userId, day);
  const accrued = await cashbackOf(db, userId, day, new Date(day.getTime() + DAY_MS), rate);
  const claimable = claimed ? 0 : await cashbackOf(db, userId, new Date(day.getTime() - DAY_MS), day, rate);
  return {
    rate,
    accrued: centsToCoins(accrued),
    claimable: centsToCoins(claimable),
    next_at: new Date(day.getTime() + DAY_MS).toISOString(),
    hidden: claimed || (accrued === 0 && claimable === 0),
  };
}

/** Credits yesterday's cashback once per day: `cashback` ledger movement, new balance (cents). */
export async function claimCashback(wallet: Wallet, userId: number, now: Date): Promise<{ amount: number; balance: number }> {
  const day = cashbackDayStart(now);
  return wallet.transaction(async (tx) => {
    const rate = await playerRate(tx.trx, userId);
    const amount = await cashbackOf(tx.trx, userId, new Date(day.getTime() - DAY_MS), day, rate);
    if (amount <= 0) {
      if (await claimedToday(tx.trx, userId, day)) throw msgError(422, 'Cashback already claimed today');
      throw msgError(422, 'No cashback to claim yet');
    }
    const claimed = await tx.trx
      .insertInto('cashback_claims')
      .values({ user_id: userId, day_starts_at: day, amount })
      .onConflict((oc) => oc.doNothing())
      .returning('amount')
      .executeTakeFirst();
    if (!claimed) throw msgError(422, 'Cashback already claimed today');
    const balance = await tx.credit({ userId, amount, reason: 'cashback', reference: `cashback:${day.toISOString()}` });
    return { amount, balance };
  });
}
