import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';
import { instantBetRowsSql, type BetRecord } from '../games/bets.ts';
import type { AccountBalance } from './balanceReports.ts';
import { ledgerMoveSql } from './ledgerMove.ts';
import { columnArrays, unnestSql, type SettlementColumns } from './settlementArrays.ts';

// The wallet's settlement of instant bets (dice, plinko) in ONE statement and one commit for every
// bet that arrives together (group settlement: the wallet gathers them with server/db/groupCommit.ts): each outcome was
// decided beforehand from the player's cached seed pair, so stakes, payouts, nonces, bet rows and
// their journal rows (table `bets`, whose trigger counts the stakes as XP: migration 1110) are
// written at once, by the same definition as the long way's recordBet (server/games/bets.ts,
// instantBetRowsSql). One commit (one WAL flush) for many bets is what lets the bets per second
// pass the database's limit for one bet per transaction (docs/performance.md, bench/dice).
//
// The bets come as arrays, one element per bet (`unnest`, the arrays side by side), and one batch of
// one bet is the same statement: one code path for every batch size. The answer has a row per settled
// bet, found by its player (a batch holds one bet per player), so the bets' order needs no column. The `gate` joins each bet to its
// player's account and seed pair and lets it through only while the balance covers the stake, the
// pair is still active at the client seed and nonce the outcome was computed from, and the caller's
// guard holds (the accounts area's: the bet's bearer token is still live and the player's,
// server/accounts/settlementGuard.ts) and the stake gate's condition (wallet.ts, StakeGate). Each
// condition is per bet: a bet that fails one is left out of the gate, and the others go on. Every
// write hangs off the gate, so a bet missing from it writes nothing and is missing from the answer
// (its caller settles it the long way).
//
// The gate locks the rows it lets through in the order of the account ids (`order by` under `for
// update`: the lock step runs above the sort), so two batches that share players take their locks
// in the same order and never wait on each other in a circle. Under READ COMMITTED a gate that
// waited for a concurrent writer re-checks its conditions on the newest row version, so a debit
// never overdraws and a nonce is never used twice. A batch never holds two bets of one player
// (groupCommit.ts keys the batch by player; and of two bets on one pair only the one at the pair's next nonce could pass).
// The movements are the wallet's usual two transfers per bet (stake, then payout on a win), each
// with a player and a house ledger row (docs/games.md), written by the wallet's one ledger move
// (ledgerMove.ts), its amounts and transfer ids being the gate's columns. The bet row takes its
// pair and nonce from the gate too: the gate let it through at the pair's nonce n - 1 under the
// pair's lock, so `pair` moves that very pair to n.

/** A bet row as recordBet writes it, plus the client seed its roll was computed from. */
export interface InstantSettlement extends BetRecord {
  /** The roll's pair, client seed and nonce must still be the pair's next one. */
  clientSeed: string;
  /** The value the guard's condition checks (`b.guard_value`): for the bearer-token guard, the token's SHA-256. */
  guardValue: string;
}

/**
 * What the gate also requires of a bet beyond balance and seed pair, supplied by the caller so that
 * the wallet knows nothing of it: a table joined on the player (`a.user_id`, `a` the player's
 * account) and a condition on it with one value, whose SQL expression the statement passes in
 * (the bet's column `b.guard_value` here; the round cash-out's parameter $12).
 */
export interface SettlementGuard {
  join: string;
  condition(value: string): string;
}

// One array parameter per column of the bets, in this order; $13 is the house account. Plain text
// with numbered parameters, so bench/dice/bareServer.ts and pgbenchScript.ts send the very same
// statement without Kysely. The casts pin the arrays' element types.
const COLUMNS: SettlementColumns = [
  ['user_id', 'bigint'],
  ['amount', 'bigint'],
  ['payout', 'bigint'],
  ['seed_pair_id', 'bigint'],
  ['client_seed', 'text'],
  ['nonce', 'bigint'],
  ['stake_transfer', 'uuid'],
  ['payout_transfer', 'uuid'],
  ['game', 'text'],
  ['multiplier', 'numeric'],
  ['params', 'jsonb'],
  ['outcome', 'jsonb'],
  ['guard_value', 'text'],
];
const HOUSE = `$${COLUMNS.length + 1}::bigint`;

/**
 * The `gate` of a batch settlement on the players' seed pairs (this one's, and the box openings':
 * openingSettlement.ts): the rows of `rows` (columns user_id, amount, seed_pair_id, client_seed,
 * nonce, guard_value) whose player's balance covers `amount`, whose pair is still active at the
 * client seed and at the nonce before `nonce`, and which the guard and the stake condition let
 * through, each with its `account_id`; locked in account order. `more` adds columns and joins
 * (aliases other than `a`, `p` and the guard's).
 */
export function seedPairGateSql(rows: string, guard: SettlementGuard, stakeCondition: string, more: { select?: string; join?: string } = {}): string {
  return `select ${rows}.*, a.id as account_id${more.select ? `, ${more.select}` : ''}
    from ${rows} join accounts a on a.user_id = ${rows}.user_id join seed_pairs p on p.user_id = a.user_id ${more.join ? `${more.join} ` : ''}${guard.join}
    where a.balance >= ${rows}.amount
      and p.id = ${rows}.seed_pair_id and p.revealed_at is null and p.client_seed = ${rows}.client_seed and p.nonce = ${rows}.nonce - 1
      and ${guard.condition(`${rows}.guard_value`)} and ${stakeCondition}
    order by a.id
    for update of a, p`;
}

// `stakeCondition` is the stake gate's (wallet.ts, StakeGate): a player it does not let through bets
// by the wallet transaction, where the gate checks limits and breaks.
export function instantSettlementSql(guard: SettlementGuard, stakeCondition: string): string {
  return `
  with b as (
    select * from ${unnestSql(COLUMNS, 1, 'b')}
  ), gate as (
    ${seedPairGateSql('b', guard, stakeCondition)}
  ), pair as (
    update seed_pairs set nonce = seed_pairs.nonce + 1 from gate
    where seed_pairs.id = gate.seed_pair_id
    returning seed_pairs.id, seed_pairs.nonce
  ), roll as (
    insert into seed_pair_rolls (seed_pair_id, nonce) select id, nonce from pair
  ), ${ledgerMoveSql({
    from: 'gate',
    where: 'accounts.id = gate.account_id',
    house: HOUSE,
    transfers: [
      { direction: 'debit', amount: 'gate.amount', transferId: 'gate.stake_transfer', reason: `gate.game || '_bet'`, reference: 'null::text' },
      { direction: 'credit', amount: 'gate.payout', transferId: 'gate.payout_transfer', reason: `gate.game || '_win'`, reference: 'null::text', mayBeZero: true },
    ],
  })}, ${instantBetRowsSql('gate')}
  select user_id, balance, version from moved`;
}

/** The statement's parameters for a batch of bets' rows (instantSettlementRow; at most one per player), in instantSettlementSql's order. */
export function instantSettlementValues(houseAccountId: number, rows: readonly (readonly unknown[])[]): unknown[] {
  return [...columnArrays(COLUMNS, rows), houseAccountId];
}

/**
 * One bet's values, in COLUMNS' order; throws for a value the statement would refuse (so that one
 * bet fails alone, before it joins a batch: wallet.ts, groupCommit.ts).
 */
export function instantSettlementRow(s: InstantSettlement): unknown[] {
  if (!Number.isSafeInteger(s.amount) || s.amount <= 0) throw new Error(`amount must be a positive integer of cents, got ${s.amount}`);
  if (!Number.isSafeInteger(s.payout) || s.payout < 0) throw new Error(`payout must be a non-negative integer of cents, got ${s.payout}`);
  return [s.userId, s.amount, s.payout, s.seedPairId, s.clientSeed, s.nonce, randomUUID(), randomUUID(), s.game, s.multiplier, JSON.stringify(s.params), JSON.stringify(s.outcome), s.guardValue];
}

/** Parameters with which the statement matches no account (ids start at 1) and writes nothing: for warming a connection (server/db/preparedStatements.ts). */
export const instantSettlementInertValues: readonly unknown[] = [[0], [1], [0], [0], [''], [1], ['00000000-0000-0000-0000-000000000000'], ['00000000-0000-0000-0000-000000000000'], ['warm'], [1], ['{}'], ['{}'], [''], 0];

/** Each settled bet's new balance and version, by player; a player missing was refused by the gate (short balance, a moved pair, a dead token, a restricted player). */
export async function settleInstantBets(db: Db, statement: string, houseAccountId: number, batch: readonly (readonly unknown[])[]): Promise<Map<number, AccountBalance>> {
  const { rows } = await db.executeQuery<{ user_id: number; balance: number; version: number }>(CompiledQuery.raw(statement, instantSettlementValues(houseAccountId, batch)));
  return new Map(rows.map((r) => [Number(r.user_id), { balance: Number(r.balance), version: Number(r.version) }]));
}
