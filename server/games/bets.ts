import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { JournalTx } from '../journal/journal.ts';
import type { InstantGame } from './schema.ts';
import { seedPairGateSql } from '../fair/seedPairGate.ts';
import type { AccountBalance } from '../wallet/balanceReports.ts';
import { ledgerMoveSql } from '../wallet/ledgerMove.ts';
import { columnArrays, unnestSql, type SettlementColumns } from '../wallet/settlementArrays.ts';
import type { SettlementEffects, SettlementGuard } from '../wallet/settlements.ts';

// What every instant-game bet writes (the instant bets' effects), both ways. First what it writes besides its money, once the outcome is known (after its ledger
// moves): the bet row with the seed pair and nonce that decided it, and its row of the bets journal
// (table `bets`, whose trigger counts the stake as XP). One definition, `instantBetRowsSql`, for both
// ways: the batch statement (instantSettlementSql below) writes it off its gate for every bet
// of the batch, the long way's transaction (recordBet) for its one bet, so the two cannot write
// different rows.

/**
 * The CTEs `bet` (the game_bets rows, returning them) and `journal` (their journal rows, settled at
 * once, returning each row's player and public id: the answer's link to the bet's page), for a
 * statement's `with`, from the rows of `source` (columns user_id, game, amount, payout,
 * multiplier, seed_pair_id, nonce, params, outcome).
 */
export function instantBetRowsSql(source: string): string {
  return `bet as (
    insert into game_bets (user_id, game, amount, payout, multiplier, seed_pair_id, nonce, params, outcome)
    select user_id, game, amount, payout, multiplier, seed_pair_id, nonce, params, outcome from ${source}
    returning id, user_id, game, amount, payout, multiplier, seed_pair_id, nonce, created_at
  ), journal as (
    insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, seed_pair_id, nonce, placed_at, settled_at)
    select game, user_id, amount, payout, multiplier, 'settled', id, seed_pair_id, nonce, created_at, created_at from bet
    returning user_id, public_id
  )`;
}

export interface BetRecord {
  userId: number;
  game: InstantGame;
  /** Cents staked. */
  amount: number;
  /** Cents paid back (0 on a loss). */
  payout: number;
  multiplier: number;
  seedPairId: number;
  nonce: number;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
}

/** Writes the bet and its journal row; answers the journal row's public id (/bets/{public_id}). */
export async function recordBet(tx: JournalTx, bet: BetRecord): Promise<string> {
  tx.played(bet.game, bet.amount);
  const { rows } = await sql<{ public_id: string }>`
    with one (user_id, game, amount, payout, multiplier, seed_pair_id, nonce, params, outcome) as (
      values (${bet.userId}::bigint, ${bet.game}::text, ${bet.amount}::bigint, ${bet.payout}::bigint, ${bet.multiplier}::numeric, ${bet.seedPairId}::bigint, ${bet.nonce}::bigint, ${JSON.stringify(bet.params)}::jsonb, ${JSON.stringify(bet.outcome)}::jsonb)
    ), ${sql.raw(instantBetRowsSql('one'))}
    select public_id from journal`.execute(tx.trx);
  const row = rows[0];
  if (!row) throw new Error('the bet row was not inserted');
  return row.public_id;
}

// The batch way: instant bets (dice, plinko) settled in ONE statement and one commit for every
// bet that arrives together (group settlement: the wallet runs it, server/wallet/settlements.ts, and
// gathers the bets with server/db/groupCommit.ts): each outcome was
// decided beforehand from the player's cached seed pair, so stakes, payouts, nonces, bet rows and
// their journal rows (table `bets`, whose trigger counts the stakes as XP: migration 1110) are
// written at once, by the same definition as the long way's recordBet (instantBetRowsSql
// above). One commit (one WAL flush) for many bets is what lets the bets per second
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
// The gate (server/fair/seedPairGate.ts) locks the rows it lets through in the order of the account ids (`order by` under `for
// update`: the lock step runs above the sort), so two batches that share players take their locks
// in the same order and never wait on each other in a circle. Under READ COMMITTED a gate that
// waited for a concurrent writer re-checks its conditions on the newest row version, so a debit
// never overdraws and a nonce is never used twice. A batch never holds two bets of one player
// (the wallet's group commit keys the batch by player; and of two bets on one pair only the one at the pair's next nonce could pass).
// The movements are the wallet's usual two transfers per bet (stake, then payout on a win), each
// with a player and a house ledger row (docs/games.md), written by the wallet's one ledger move
// (server/wallet/ledgerMove.ts), its amounts and transfer ids being the gate's columns. The bet row takes its
// pair and nonce from the gate too: the gate let it through at the pair's nonce n - 1 under the
// pair's lock, so `pair` moves that very pair to n.

/**
 * How many batch statements of instant bets may be out at once, and the most bets in one
 * (server/db/groupCommit.ts), on PostgreSQL and PGlite alike. Measured with bench/dice (its README,
 * "Group settlement"): on this machine's two cores one statement in flight made batches of about 10
 * bets at 20 players and cost PostgreSQL less per bet than two (about 5.5 bets, more commits) at a
 * lower p99; PGlite runs one statement at a time anyway (batches of about 10 at 10 players). The
 * cost: a batch whose gate waits on a row lock (a player's long-way transaction, a few ms) holds the
 * next batch back for that long.
 * 64 bounds the statement's arrays far above the batches seen (at most the players betting at once).
 */
export const INSTANT_BATCHES = { inFlight: 1, maxSize: 64 } as const;

/** A bet row as recordBet writes it, plus the client seed its roll was computed from. */
export interface InstantSettlement extends BetRecord {
  /** The roll's pair, client seed and nonce must still be the pair's next one. */
  clientSeed: string;
  /** The value the guard's condition checks (`b.guard_value`): for the bearer-token guard, the token's SHA-256. */
  guardValue: string;
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

// `stakeCondition` is the stake gate's (server/wallet/wallet.ts, StakeGate): a player it does not let through bets
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
  select moved.user_id, moved.balance, moved.version, journal.public_id from moved join journal on journal.user_id = moved.user_id`;
}

/** The statement's parameters for a batch of bets' rows (instantSettlementRow; at most one per player), in instantSettlementSql's order. */
export function instantSettlementValues(houseAccountId: number, rows: readonly (readonly unknown[])[]): unknown[] {
  return [...columnArrays(COLUMNS, rows), houseAccountId];
}

/**
 * One bet's values, in COLUMNS' order; throws for a value the statement would refuse (so that one
 * bet fails alone, before it joins a batch: server/wallet/wallet.ts, settle).
 */
export function instantSettlementRow(s: InstantSettlement): unknown[] {
  if (!Number.isSafeInteger(s.amount) || s.amount <= 0) throw new Error(`amount must be a positive integer of cents, got ${s.amount}`);
  if (!Number.isSafeInteger(s.payout) || s.payout < 0) throw new Error(`payout must be a non-negative integer of cents, got ${s.payout}`);
  return [s.userId, s.amount, s.payout, s.seedPairId, s.clientSeed, s.nonce, randomUUID(), randomUUID(), s.game, s.multiplier, JSON.stringify(s.params), JSON.stringify(s.outcome), s.guardValue];
}

/** Parameters with which the statement matches no account (ids start at 1) and writes nothing: for warming a connection (server/db/preparedStatements.ts). */
export const instantSettlementInertValues: readonly unknown[] = [[0], [1], [0], [0], [''], [1], ['00000000-0000-0000-0000-000000000000'], ['00000000-0000-0000-0000-000000000000'], ['warm'], [1], ['{}'], ['{}'], [''], 0];

/** A settled instant bet: the player's new balance and the public id of the bet's journal row. */
export interface SettledInstantBet extends AccountBalance {
  publicId: string;
}

/** The instant bets' one statement as the wallet runs it: in batches (group settlement). */
export const instantBetSettlement: SettlementEffects<InstantSettlement, unknown[], { user_id: number | string; balance: number | string; version: number | string; public_id: string }, SettledInstantBet> = {
  name: 'instant bets',
  statement: instantSettlementSql,
  inertValues: instantSettlementInertValues,
  row: instantSettlementRow,
  values: instantSettlementValues,
  // Each settled bet's new balance and version and its public id, by player; a player missing was refused by the gate.
  settled: (rows) => new Map(rows.map((r) => [Number(r.user_id), { balance: Number(r.balance), version: Number(r.version), publicId: r.public_id }])),
  reason: (s) => `${s.game}_bet`,
  batches: INSTANT_BATCHES,
  // One bet, one journal row (instantBetRowsSql).
  played: (s, note) => note(s.game, s.amount),
};
