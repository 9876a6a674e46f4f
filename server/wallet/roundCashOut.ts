import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';

// The wallet's settlement of a player's own cash-out of a round bet (crash) in ONE statement, as
// instantSettlement.ts is for instant bets: the bet leaves `open`, the player is credited (balance
// plus the two ledger rows) and the round's counters move, all or nothing, committed at once.
//
// Why one statement: every cash-out of a round updates the same round row, and a row updated
// inside a transaction stays locked until the commit, one round trip later. So with a transaction
// the round's cash-outs took turns at the pace of the server's event loop (each waited for the
// previous one's COMMIT to be sent and answered), and a server busy sending ticks to thousands of
// sockets answered 300 cash-outs in minutes (bench/crash). Here the row is locked only while
// PostgreSQL runs the statement, whatever the server does meanwhile.
//
// The `gate` locks the bet, the player's account and the round, in that order (the order of the
// leader's settlement, so neither waits on the other in a circle), and lets the cash-out through
// only while the bet is open, the round flies and the value is within the round's payout cap as
// its counters stand (re-checked on the newest row versions after a wait, under READ COMMITTED).
// Every write hangs off the gate: an empty gate writes nothing, and the caller decides again.

export interface RoundCashOut {
  userId: number;
  betId: number;
  roundId: number;
  /** The multiplier it is valued at, in hundredths. */
  value: number;
  /** Cents, positive. */
  payout: number;
  /** The round's payout cap in cents: paid + value × open stakes must stay within it. */
  maxRoundPaid: number;
  /** Ledger reason of the credit, e.g. `crash_win`. */
  reason: string;
  settledAt: Date;
}

// $1 bet, $2 user, $3 round, $4 round cap, $5 value (hundredths), $6 payout, $7 settled at,
// $8 transfer, $9 house account, $10 reason, $11 reference.
const statement = `
  with gate as (
    select b.id as bet_id, b.amount, a.id as account_id, r.id as round_id
    from round_bets b
    join accounts a on a.user_id = b.user_id
    join rounds r on r.id = b.round_id
    where b.id = $1::bigint and b.user_id = $2::bigint and b.status = 'open'
      and r.id = $3::bigint and r.status = 'in_progress'
      and (r.open_stake <= 0 or ($4::bigint - r.paid) * 100 >= $5::bigint * r.open_stake)
    for update of b, a, r
  ), bet as (
    update round_bets set status = 'cashed_out', multiplier = $5::bigint / 100.0, payout = $6::bigint, closed_by = 'player', settled_at = $7::timestamptz
    from gate where round_bets.id = gate.bet_id
  ), moved as (
    update accounts set balance = accounts.balance + $6::bigint from gate
    where accounts.id = gate.account_id
    returning accounts.id, accounts.balance
  ), entries as (
    insert into ledger_entries (transfer_id, account_id, amount, balance_after, reason, reference)
    select $8::uuid, id, $6::bigint, balance, $10::text, $11::text from moved
    union all
    select $8::uuid, $9::bigint, -$6::bigint, null, $10::text, $11::text from moved
  ), counted as (
    update rounds set paid = rounds.paid + $6::bigint, open_stake = rounds.open_stake - gate.amount from gate
    where rounds.id = gate.round_id
  )
  select balance from moved`;

/** The player's new balance, or null when the gate let nothing through (bet not open, round ended, cap passed). */
export async function settleRoundCashOut(db: Db, houseAccountId: number, c: RoundCashOut): Promise<number | null> {
  if (!Number.isSafeInteger(c.payout) || c.payout <= 0) throw new Error(`payout must be a positive integer of cents, got ${c.payout}`);
  const values = [c.betId, c.userId, c.roundId, c.maxRoundPaid, c.value, c.payout, c.settledAt, randomUUID(), houseAccountId, c.reason, `round_bet:${c.betId}`];
  const { rows } = await db.executeQuery<{ balance: number }>(CompiledQuery.raw(statement, values));
  const row = rows[0];
  return row ? Number(row.balance) : null;
}
