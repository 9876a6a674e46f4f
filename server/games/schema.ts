import type { ColumnType, Generated } from 'kysely';

// Tables of migration 0600_games (instant games).
export type InstantGame = 'dice' | 'plinko' | 'upgrade';

export interface GamesTables {
  game_bets: {
    id: Generated<number>;
    user_id: number;
    game: InstantGame;
    /** Cents. */
    amount: number;
    /** Cents. */
    payout: number;
    /** numeric comes back as a string from pg; written as a number. */
    multiplier: ColumnType<string, number, number>;
    seed_pair_id: number;
    nonce: number;
    params: ColumnType<Record<string, unknown>, string, string>;
    outcome: ColumnType<Record<string, unknown>, string, string>;
    created_at: Generated<Date>;
  };
}
