import type { ColumnType, Generated } from 'kysely';
import type { GameId, GameKind, InstantGame } from '../../core/games/catalog.ts';

// Tables of migrations 0600_games (instant games) and 1100_games (the catalog's games). A `game_bets`
// row is a bet of a game of kind 'instant' in the game catalog.
export type { InstantGame };

export interface GamesTables {
  /** The game catalog's games (migration 1100; filled at start by gameList.ts). */
  games: {
    id: GameId;
    kind: GameKind;
  };
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
