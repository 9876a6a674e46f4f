import { sql } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import type { Db } from '../db/database.ts';
import { fieldError } from '../http/errors.ts';
import { isPlay } from '../history/play.ts';

// Deposit bonuses must be staked once before they can leave (docs/payments.md, "Bonus coins and
// withdrawals"). What is still to stake is a walk over time: each `deposit_bonus` credit adds its
// amount, each stake of the bets journal (refunded and voided bets count for nothing,
// server/history/play.ts) takes its amount off, never below 0. The end of such a walk is the largest,
// over every bonus, of the bonuses from it on less the stakes placed after it (and 0): one row per
// bonus, so a player without a bonus costs one index probe.

/** Cents of bonus the player has not yet staked once since it was granted. */
export async function unstakedBonus(db: Db, userId: number): Promise<number> {
  const { rows } = await sql<{ left: string | null }>`
    with acc as (select id from accounts where user_id = ${userId}),
    bonuses as (
      select e.id, e.amount, e.created_at from ledger_entries e
      where e.account_id = (select id from acc) and e.reason = 'deposit_bonus' and e.amount > 0
    )
    select max(
      (select sum(b2.amount) from bonuses b2 where b2.id >= b.id)
      - (select coalesce(sum(s.stake), 0) from bets s
         where s.user_id = ${userId} and s.placed_at > b.created_at and ${isPlay('s')})
    ) as left
    from bonuses b`.execute(db);
  return Math.max(0, Number(rows[0]?.left ?? 0));
}

export function bonusLockedRefusal(unstaked: number, withdrawable: number) {
  return fieldError(
    'amount',
    `Bonus coins can be withdrawn once they have been wagered: wager ${centsToCoins(unstaked).toFixed(2)} more coins to release them. You can withdraw up to ${centsToCoins(Math.max(0, withdrawable)).toFixed(2)} coins now.`,
  );
}

/**
 * Inside the withdrawal's transaction, with the account locked: refuses taking `amount` cents when it
 * would reach into bonus coins not yet staked. The lock keeps two withdrawals from both passing.
 */
export async function assertWithdrawable(trx: Db, userId: number, amount: number, lockedBalance: number): Promise<void> {
  const unstaked = await unstakedBonus(trx, userId);
  if (unstaked > 0 && amount > lockedBalance - unstaked) throw bonusLockedRefusal(unstaked, lockedBalance - unstaked);
}
