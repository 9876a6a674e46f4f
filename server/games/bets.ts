import { sql } from 'kysely';
import type { Trx } from '../wallet/wallet.ts';
import type { InstantGame } from './schema.ts';

// What every instant-game bet does in its wallet transaction after the outcome is known: the bet
// row with the seed pair and nonce that decided it, and the stake counted as XP (users.wagered,
// which drives levels and the leaderboard).

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

export async function recordBet(trx: Trx, bet: BetRecord): Promise<number> {
  const row = await trx
    .insertInto('game_bets')
    .values({
      user_id: bet.userId,
      game: bet.game,
      amount: bet.amount,
      payout: bet.payout,
      multiplier: bet.multiplier,
      seed_pair_id: bet.seedPairId,
      nonce: bet.nonce,
      params: JSON.stringify(bet.params),
      outcome: JSON.stringify(bet.outcome),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (bet.amount > 0) await trx.updateTable('users').set({ wagered: sql`wagered + ${bet.amount}` }).where('id', '=', bet.userId).execute();
  return row.id;
}
