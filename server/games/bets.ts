import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { InstantGame } from './schema.ts';

// What every instant-game bet does in its wallet transaction after the outcome is known (after its
// ledger moves): the bet row with the seed pair and nonce that decided it, and its journal row
// (server/journal/journal.ts), whose trigger counts the stake as XP. The batch statement
// (server/wallet/instantSettlement.ts) writes the same two rows.

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
    with bet as (
      insert into game_bets (user_id, game, amount, payout, multiplier, seed_pair_id, nonce, params, outcome)
      values (${bet.userId}, ${bet.game}, ${bet.amount}, ${bet.payout}, ${bet.multiplier}, ${bet.seedPairId}, ${bet.nonce}, ${JSON.stringify(bet.params)}, ${JSON.stringify(bet.outcome)})
      returning id, created_at
    ), journal as (
      insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, seed_pair_id, nonce, placed_at, settled_at)
      select ${bet.game}, ${bet.userId}, ${bet.amount}, ${bet.payout}, ${bet.multiplier}, 'settled', id, ${bet.seedPairId}, ${bet.nonce}, created_at, created_at from bet
    )
    select id from bet`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('the bet row was not inserted');
  return Number(row.id);
}
