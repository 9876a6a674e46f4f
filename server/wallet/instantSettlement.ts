import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';
import type { BetRecord } from '../games/bets.ts';
import type { AccountBalance } from './balanceReports.ts';
import { ledgerMoveSql, movedBalance } from './ledgerMove.ts';

// The wallet's settlement of an instant bet (dice, plinko) in ONE statement and one round trip:
// the outcome was decided beforehand from the player's cached seed pair, so stake, payout, nonce,
// bet row and XP are written at once (why one round trip matters: docs/performance.md).
//
// The `gate` locks the player's account and seed pair and lets the bet through only while the
// balance covers the stake, the pair is still active at the client seed and nonce the outcome was
// computed from, and the caller's guard holds (the accounts area's: the bet's bearer token is still
// live and the player's, server/accounts/settlementGuard.ts). Every write hangs off
// the gate, so an empty gate writes nothing. Under READ COMMITTED a gate that waited for a
// concurrent writer re-checks its conditions on the newest row version, so a debit never overdraws
// and a nonce is never used twice. The movements are the wallet's usual two transfers (stake, then
// payout on a win), each with a player and a house ledger row (docs/games.md), written by the
// wallet's one ledger move (ledgerMove.ts).

/** A bet row as recordBet writes it, plus the client seed its roll was computed from. */
export interface InstantSettlement extends BetRecord {
  /** The roll's pair, client seed and nonce must still be the pair's next one. */
  clientSeed: string;
  /** The value the guard's condition checks ($16): for the bearer-token guard, the token's SHA-256. */
  guardValue: string;
}

/**
 * What the gate also requires of a bet beyond balance and seed pair, supplied by the caller so that
 * the wallet knows nothing of it: a table joined on the player (`a.user_id`, `a` the player's
 * account) and a condition on it with one parameter, whose placeholder the statement passes in
 * (`$16` here, InstantSettlement.guardValue; the round cash-out has its own number).
 */
export interface SettlementGuard {
  join: string;
  condition(value: string): string;
}

// $1 user, $2 stake, $3 payout, $4 seed pair, $5 client seed, $6 the roll's nonce, $7 house account,
// $8 stake transfer, $9 payout transfer, $10 bet reason, $11 win reason, $12 game, $13 multiplier,
// $14 params, $15 outcome, $16 the guard's value. Plain text with numbered parameters, so
// bench/dice/bareServer.ts can send the very same statement without Kysely. The casts pin the parameters' types (inside UNION ALL
// they would otherwise be inferred as text).
// `stakeCondition` is the stake gate's (wallet.ts, StakeGate): a player it does not let through bets
// by the wallet transaction, where the gate checks limits and breaks.
export function instantSettlementSql(guard: SettlementGuard, stakeCondition: string): string {
  return `
  with gate as (
    select a.id as account_id, p.id as seed_pair_id
    from accounts a join seed_pairs p on p.user_id = a.user_id ${guard.join}
    where a.user_id = $1::bigint and a.balance >= $2::bigint
      and p.id = $4::bigint and p.revealed_at is null and p.client_seed = $5::text and p.nonce = $6::bigint - 1
      and ${guard.condition('$16')} and ${stakeCondition}
    for update of a, p
  ), pair as (
    update seed_pairs set nonce = seed_pairs.nonce + 1 from gate
    where seed_pairs.id = gate.seed_pair_id
    returning seed_pairs.id, seed_pairs.nonce
  ), roll as (
    insert into seed_pair_rolls (seed_pair_id, nonce) select id, nonce from pair
  ), ${ledgerMoveSql({
    from: 'gate',
    where: 'accounts.id = gate.account_id',
    house: '$7::bigint',
    transfers: [
      { direction: 'debit', amount: '$2::bigint', transferId: '$8::uuid', reason: '$10::text', reference: 'null::text' },
      { direction: 'credit', amount: '$3::bigint', transferId: '$9::uuid', reason: '$11::text', reference: 'null::text', mayBeZero: true },
    ],
  })}, bet as (
    insert into game_bets (user_id, game, amount, payout, multiplier, seed_pair_id, nonce, params, outcome)
    select $1::bigint, $12::text, $2::bigint, $3::bigint, $13::numeric, pair.id, pair.nonce, $14::jsonb, $15::jsonb from pair
    returning id
  ), xp as (
    update users set wagered = users.wagered + $2::bigint from gate where users.id = $1::bigint
  )
  select moved.balance, moved.version from moved, bet`;
}

/** The statement's parameters for one settlement, in instantSettlementSql's order. */
export function instantSettlementValues(houseAccountId: number, s: InstantSettlement): unknown[] {
  if (!Number.isSafeInteger(s.amount) || s.amount <= 0) throw new Error(`amount must be a positive integer of cents, got ${s.amount}`);
  if (!Number.isSafeInteger(s.payout) || s.payout < 0) throw new Error(`payout must be a non-negative integer of cents, got ${s.payout}`);
  return [s.userId, s.amount, s.payout, s.seedPairId, s.clientSeed, s.nonce, houseAccountId, randomUUID(), randomUUID(), `${s.game}_bet`, `${s.game}_win`, s.game, s.multiplier, JSON.stringify(s.params), JSON.stringify(s.outcome), s.guardValue];
}

/** Parameters with which the statement matches no account (ids start at 1) and writes nothing: for warming a connection (server/db/preparedStatements.ts). */
export const instantSettlementInertValues: readonly unknown[] = [0, 1, 0, 0, '', 1, 0, '00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000', 'warm', 'warm', 'warm', 1, '{}', '{}', ''];

/** The player's new balance and version, or null when the gate let nothing through (short balance, a moved pair, a dead token). */
export async function settleInstantBet(db: Db, statement: string, houseAccountId: number, s: InstantSettlement): Promise<AccountBalance | null> {
  const { rows } = await db.executeQuery<{ balance: number; version: number }>(CompiledQuery.raw(statement, instantSettlementValues(houseAccountId, s)));
  return movedBalance(rows[0]);
}
