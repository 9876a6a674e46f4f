import type { ColumnType, Generated } from 'kysely';
import type { GAMES, GameId, GameKind } from '../../core/games/catalog.ts';

// Tables of migrations 0600_games (instant games) and 1100_games (the catalog's games).
/** The catalog's instant games: the games whose bets are game_bets rows. */
export type InstantGame = { [G in GameId]: (typeof GAMES)[G]['kind'] extends 'instant' ? G : never }[GameId];

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
