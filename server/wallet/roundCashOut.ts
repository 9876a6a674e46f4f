import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SettlementGuard } from './instantSettlement.ts';

// The wallet's settlement of a player's own cash-out of a round bet (crash) in ONE statement, as
// instantSettlement.ts is for instant bets: the bet leaves `open` and the player is credited (balance
// plus the two ledger rows), all or nothing, committed at once.
//
// Why one statement, and why it does not write or lock the round row: every cash-out of a round would
// otherwise update the same row, and a row updated by a statement stays locked until its commit
// (its WAL flush), so the round's cash-outs took turns, one commit after another; on a busy
// machine each turn stretched (bench/crash: 300 cash-outs in one second answered after seconds).
// Nor is the round row share-locked: hundreds of transactions share-locking one row make PostgreSQL
// write a new multixact (and the row's page) for every one that joins, all on that one page. The
// round's counters are not moved: while a round flies its truth is its bets (roundCounters in
// server/games/rounds/roundBets.ts), and the leader writes the counters from them when the round
// ends. Its status is read as of the statement's start; the bet row decides a race with the end of
// the round: the leader's `lost` waits for this statement's lock on the bet and then finds it
// closed, or comes first and this gate skips the bet (locked) or finds it no longer open. A cash-out that gets here was
// received before the crash (the caller values it at its time of receipt), so either way is a
// settlement by the rules.
//
// The round's payout cap without the counters: this way is taken only while `value × wagered`, the
// most the round could owe if every bet were cashed out now, is within the cap. Earlier cash-outs
// were valued lower and later ones cannot be valued higher than the multiplier of their time, so the
// round's liability stays within the cap whatever the order. Above that line (a round whose stakes
// come near its cap) the caller settles in the locked way, one at a time, from the bets' sums; a
// cash-out of this way still being committed counts there as an open bet, which can only owe more
// than it was paid (its value is under that line, which is under the locked way's cap).
//
// The `gate` locks the bet and the player's account and lets the cash-out through only while the bet
// is open, the round flies, the value is under that line and the caller's guard holds (the accounts
// area's: the request's bearer token is still live and the player's, so the route needs no separate
// token lookup: one round trip less per cash-out). It never waits for a lock: a bet or account that
// another transaction holds (the leader settling or losing that bet, the player's other bet) is
// skipped, and the caller decides that cash-out again the locked way, which waits. A statement of
// several cash-outs that waited while holding the locks of the others could wait in a circle with
// the leader's settlements, which lock bets in their own order. Every write hangs off the gate: an
// empty gate writes nothing, and the caller decides again.

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

// One statement settles a batch of cash-outs (one or more; roundCashOutQueue.ts groups them while the
// pool is busy): each row of `asked` is one cash-out, and the gate passes or drops each on its own.
// A player has one open bet, so an account is locked once per batch.
// $1 bets, $2 users, $3 rounds, $4 round caps, $5 values (hundredths), $6 payouts, $7 settled at,
// $8 transfers, $9 reasons, $10 references, $11 the guard's values, $12 the stakes priced (arrays of
// one length, one element per cash-out); $13 the house account.
export const roundCashOutSql = (guard: SettlementGuard) => `
  with asked as (
    select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::timestamptz[], $8::uuid[], $9::text[], $10::text[], $11::text[], $12::bigint[])
      as x(bet_id, user_id, round_id, max_round_paid, value, payout, settled_at, transfer_id, reason, reference, guard_value, amount)
  ), gate as (
    select x.*, a.id as account_id
    from asked x
    join round_bets b on b.id = x.bet_id
    join accounts a on a.user_id = b.user_id
    join rounds r on r.id = b.round_id
    ${guard.join}
    where b.user_id = x.user_id and b.status = 'open' and b.amount = x.amount
      and r.id = x.round_id and r.status = 'in_progress'
      and x.value * r.wagered <= x.max_round_paid * 100
      and ${guard.condition('x.guard_value')}
    for update of b, a skip locked
  ), bet as (
    update round_bets set status = 'cashed_out', multiplier = gate.value / 100.0, payout = gate.payout, closed_by = 'player', settled_at = gate.settled_at
    from gate where round_bets.id = gate.bet_id
  ), moved as (
    update accounts set balance = accounts.balance + gate.payout from gate
    where accounts.id = gate.account_id
    returning gate.bet_id, gate.transfer_id, gate.payout, gate.reason, gate.reference, accounts.id, accounts.balance
  ), entries as (
    insert into ledger_entries (transfer_id, account_id, amount, balance_after, reason, reference)
    select transfer_id, id, payout, balance, reason, reference from moved
    union all
    select transfer_id, $13::bigint, -payout, null, reason, reference from moved
  )
  select bet_id, balance from moved`;

/**
 * Each cash-out's new balance by its bet's id; a bet missing from the map was not settled (not open,
 * round ended, value × wagered past the cap, the guard refused). Every cash-out of a batch is of a
 * different bet (the queue sees to it): two of one bet would be one credit answered twice.
 */
export async function settleRoundCashOuts(db: Db, statement: string, houseAccountId: number, batch: readonly RoundCashOut[]): Promise<Map<number, number>> {
  for (const c of batch) if (!Number.isSafeInteger(c.payout) || c.payout <= 0) throw new Error(`payout must be a positive integer of cents, got ${c.payout}`);
  const column = <T>(of: (c: RoundCashOut) => T) => batch.map(of);
  const values = [
    column((c) => c.betId),
    column((c) => c.userId),
    column((c) => c.roundId),
    column((c) => c.maxRoundPaid),
    column((c) => c.value),
    column((c) => c.payout),
    column((c) => c.settledAt.toISOString()),
    column(() => randomUUID()),
    column((c) => c.reason),
    column((c) => `round_bet:${c.betId}`),
    column((c) => c.guardValue),
    column((c) => c.amount),
    houseAccountId,
  ];
  const { rows } = await db.executeQuery<{ bet_id: number | string; balance: number | string }>(CompiledQuery.raw(statement, values));
  return new Map(rows.map((row) => [Number(row.bet_id), Number(row.balance)]));
}
