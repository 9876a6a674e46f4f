import { sql } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import type { Clock } from '../clock.ts';
import { fieldError } from '../http/errors.ts';
import type { StakeGate, Trx } from '../wallet/wallet.ts';
import { UNRESTRICTED_PLAYER } from '../responsible/playGate.ts';
import { grantWagered } from './grants.ts';

// The maximum bet while a bonus is active (docs/bonuses.md, "Maximum bet"): one more rule of the one
// stake gate (server/wallet/wallet.ts, StakeGate), so every stake path obeys it as it obeys the
// limits: the one-statement settlements (instant bets, box openings) let through only a player with
// no active bonus that has a maximum bet, and every other stake runs `check` in its transaction
// before its debit, where a stake above the grant's maximum bet is refused and nothing moves.

/** The one-statement settlements' share: a player with an active bonus that caps bets takes the checked way. */
export const NO_CAPPED_BONUS = "not exists (select 1 from bonus_grants bg where bg.user_id = a.user_id and bg.status = 'active' and bg.max_bet is not null)";

/** The stake condition the server's settlements are built with (the benches send the very same text). */
export const INSTANT_STAKE_CONDITION = `${UNRESTRICTED_PLAYER} and ${NO_CAPPED_BONUS}`;

export function maxBetRefusal(maxBet: number) {
  return fieldError('amount', `The maximum bet while your bonus is active is ${centsToCoins(maxBet).toFixed(2)} coins: bet less, or forfeit the bonus.`);
}

/**
 * Inside a stake's transaction: refuses a stake of `amount` cents above the maximum bet of an active
 * grant that has not expired at `now` and whose wager is not met yet (a met wager lifts its limits
 * even before the grant is settled). The progress is only summed when a stake is above a limit.
 */
export async function checkBonusMaxBet(trx: Trx, userId: number, amount: number, now: Date): Promise<void> {
  const { rows } = await sql<{ id: number; max_bet: number; requirement: number }>`
    select id, max_bet, requirement from bonus_grants
    where user_id = ${userId} and status = 'active' and max_bet is not null and max_bet < ${amount} and expires_at > ${now.toISOString()}::timestamptz
    order by max_bet`.execute(trx);
  for (const grant of rows) {
    if ((await grantWagered(trx, Number(grant.id))) < Number(grant.requirement)) throw maxBetRefusal(Number(grant.max_bet));
  }
}

/** The stake gate with the bonuses' maximum bet after its own checks. */
export function withBonusMaxBet(gate: StakeGate, clock: Clock): StakeGate {
  return {
    isStake: gate.isStake,
    instantCondition: `${gate.instantCondition} and ${NO_CAPPED_BONUS}`,
    async check(trx, userId, amount) {
      await gate.check(trx, userId, amount);
      if (amount > 0) await checkBonusMaxBet(trx, userId, amount, new Date(clock.now()));
    },
  };
}
