import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { InstantGame } from './schema.ts';

// What every instant-game bet writes besides its money, once the outcome is known (after its ledger
// moves): the bet row with the seed pair and nonce that decided it, and its row of the bets journal
// (table `bets`, whose trigger counts the stake as XP). One definition, `instantBetRowsSql`, for both
// ways: the batch statement (server/wallet/instantSettlement.ts) writes it off its gate for every bet
// of the batch, the long way's transaction (recordBet) for its one bet, so the two cannot write
// different rows.

/**
 * The CTEs `bet` (the game_bets rows, returning them) and `journal` (their journal rows, settled at
 * once), for a statement's `with`, from the rows of `source` (columns user_id, game, amount, payout,
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

export async function recordBet(trx: Transaction<Database>, bet: BetRecord): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    with one (user_id, game, amount, payout, multiplier, seed_pair_id, nonce, params, outcome) as (
      values (${bet.userId}::bigint, ${bet.game}::text, ${bet.amount}::bigint, ${bet.payout}::bigint, ${bet.multiplier}::numeric, ${bet.seedPairId}::bigint, ${bet.nonce}::bigint, ${JSON.stringify(bet.params)}::jsonb, ${JSON.stringify(bet.outcome)}::jsonb)
    ), ${sql.raw(instantBetRowsSql('one'))}
    select id from bet`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('the bet row was not inserted');
  return Number(row.id);
}
