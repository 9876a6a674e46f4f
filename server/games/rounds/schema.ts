import type { ColumnType, Generated } from 'kysely';
import type { RoundStatus } from '../../../core/protocol/realtime.ts';

// Tables of migrations 0700_rounds and 0770_round_numbers (round games: crash, wheel); their game
// columns reference the catalog's `games` table (migration 1101).
export type { RoundGame } from '../../../core/games/roundGames.ts';
import type { RoundGame } from '../../../core/games/roundGames.ts';
export type RoundBetStatus = 'open' | 'cashed_out' | 'won' | 'lost' | 'refunded' | 'canceled';

type Bigint = ColumnType<number, number | undefined, number>;
type Json = ColumnType<Record<string, unknown>, string, string>;

export interface RoundsTables {
  rounds: {
    id: Generated<number>;
    game: RoundGame;
    status: RoundStatus;
    chain_id: number;
    /** The round's place in its chain (the verifier's "game n"). */
    game_number: number;
    /** The game's own count of its rounds, 1, 2, 3, … (migration 0770): what players see as "Round #n". */
    number: number;
    hash: string;
    outcome: Json;
    run_ms: number;
    created_at: Date;
    betting_ends_at: Date | null;
    starts_at: Date | null;
    launched_at: Date | null;
    ended_at: Date | null;
    voided: Generated<boolean>;
    wagered: Bigint;
    open_stake: Bigint;
    paid: Bigint;
  };
  round_bets: {
    id: Generated<number>;
    round_id: number;
    game: RoundGame;
    user_id: number;
    amount: number;
    params: Json;
    status: Generated<RoundBetStatus>;
    /** numeric comes back as a string from pg; written as a number. */
    multiplier: ColumnType<string | null, number | null | undefined, number | null>;
    payout: number | null;
    closed_by: string | null;
    created_at: Date;
    settled_at: Date | null;
  };
}
