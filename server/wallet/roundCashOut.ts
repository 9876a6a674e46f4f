import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SettlementGuard } from './instantSettlement.ts';
import type { AccountBalance } from './balanceReports.ts';
import { ledgerMoveSql, movedBalance } from './ledgerMove.ts';

// The wallet's settlement of a player's own cash-out of a round bet (crash) in ONE statement, as
// instantSettlement.ts is for instant bets: the bet and its journal row (table `bets`) leave `open` and
// the player is credited (balance plus the two ledger rows, the wallet's one ledger move:
// ledgerMove.ts), all or nothing, committed at once.
//
// Why one statement, and why it does not write the round row: every cash-out of a round would
// otherwise update the same row, and a row updated by a statement stays locked until its commit
// (its WAL flush), so the round's cash-outs took turns, one commit after another; on a busy
// machine each turn stretched (bench/crash: 300 cash-outs in one second answered after seconds).
// Here the round row is only share-locked (many cash-outs at once; the leader's end of the round
// waits for them, and they for it), and the round's counters are not moved: while a round flies its
// truth is its bets (roundCounters in server/games/rounds/roundBets.ts), and the leader writes the
// counters from them when the round ends.
//
// The round's payout cap without the counters: this way is taken only while `value × wagered`, the
// most the round could owe if every bet were cashed out now, is within the cap. Earlier cash-outs
// were valued lower and later ones cannot be valued higher than the multiplier of their time, so the
// round's liability stays within the cap whatever the order. Above that line (a round whose stakes
// come near its cap) the caller settles in the locked way, one at a time, from the bets' sums.
//
// The `gate` locks the bet and the player's account, share-locks the round, in the order of the
// leader's settlement (bet → account → round, so neither waits on the other in a circle), and lets
// the cash-out through only while the bet is open, the round flies, the value is under that line
// and the caller's guard holds (the accounts area's: the request's bearer token is still live and the
// player's, so the route needs no separate token lookup: one round trip less per cash-out), all
// re-checked on the newest row versions after a wait, under READ COMMITTED. Every write hangs off
// the gate: an empty gate writes nothing, and the caller decides again.

export interface RoundCashOut {
  userId: number;
  betId: number;
  roundId: number;
  /** The bet's stake in cents, as it was priced from: the gate requires the bet's to be the same. */
  amount: number;
  /** The multiplier it is valued at, in hundredths. */
  value: number;
  /** Cents, positive. */
  payout: number;
  /** The round's payout cap in cents: this way settles only while value × wagered is within it. */
  maxRoundPaid: number;
  /** Ledger reason of the credit, e.g. `crash_win`. */
  reason: string;
  settledAt: Date;
  /** The value the guard's condition checks ($12): for the bearer-token guard, the token's SHA-256. */
  guardValue: string;
}

// $1 bet, $2 user, $3 round, $4 round cap, $5 value (hundredths), $6 payout, $7 settled at,
// $8 transfer, $9 house account, $10 reason, $11 reference, $12 the guard's value, $13 the stake priced.
// The multiplier stored is $5 itself in hundredths (core's hundredthsToMultiplier in SQL): the one
// number the gate checked, never a second parameter that could say otherwise.
export const roundCashOutSql = (guard: SettlementGuard) => `
  with gate as (
    select b.id as bet_id, b.game, b.amount, a.id as account_id
    from round_bets b
    join accounts a on a.user_id = b.user_id
    join rounds r on r.id = b.round_id
    ${guard.join}
    where b.id = $1::bigint and b.user_id = $2::bigint and b.status = 'open' and b.amount = $13::bigint
      and r.id = $3::bigint and r.status = 'in_progress'
      and $5::bigint * r.wagered <= $4::bigint * 100
      and ${guard.condition('$12')}
    for update of b, a
    for share of r
  ), bet as (
    update round_bets set status = 'cashed_out', multiplier = $5::bigint / 100.0, payout = $6::bigint, closed_by = 'player', settled_at = $7::timestamptz
    from gate where round_bets.id = gate.bet_id
  ), journal as (
    update bets set status = 'settled', multiplier = $5::bigint / 100.0, payout = $6::bigint, settled_at = $7::timestamptz
    from gate where bets.game = gate.game and bets.ref_id = gate.bet_id and bets.ref_seat = 0
  ), ${ledgerMoveSql({
    from: 'gate',
    where: 'accounts.id = gate.account_id',
    house: '$9::bigint',
    transfers: [{ direction: 'credit', amount: '$6::bigint', transferId: '$8::uuid', reason: '$10::text', reference: '$11::text' }],
  })}
  select balance, version from moved`;

/** Parameters with which the statement matches no bet (ids start at 1) and writes nothing: for warming a connection (server/db/preparedStatements.ts). */
export const roundCashOutInertValues: readonly unknown[] = [0, 0, 0, 0, 100, 1, new Date(0), '00000000-0000-0000-0000-000000000000', 0, 'warm', 'warm', '', 1];

/** The player's new balance and version, or null when the gate let nothing through (bet not open, round ended, value × wagered past the cap, the guard refused). */
export async function settleRoundCashOut(db: Db, statement: string, houseAccountId: number, c: RoundCashOut): Promise<AccountBalance | null> {
  if (!Number.isSafeInteger(c.payout) || c.payout <= 0) throw new Error(`payout must be a positive integer of cents, got ${c.payout}`);
  const values = [c.betId, c.userId, c.roundId, c.maxRoundPaid, c.value, c.payout, c.settledAt, randomUUID(), houseAccountId, c.reason, `round_bet:${c.betId}`, c.guardValue, c.amount];
  const { rows } = await db.executeQuery<{ balance: number; version: number }>(CompiledQuery.raw(statement, values));
  return movedBalance(rows[0]);
}
