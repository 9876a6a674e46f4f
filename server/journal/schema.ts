import type { ColumnType, Generated } from 'kysely';
import type { GameId } from '../../core/games/catalog.ts';

// Table of migration 1110_bets_journal.

/** open: staked, not decided; settled: decided and paid; refunded: given back at the player's or the game's request; voided: its round was voided. */
export type JournalStatus = 'open' | 'settled' | 'refunded' | 'voided';

export interface JournalTables {
  bets: {
    id: Generated<number>;
    /** The bet's public address, /bets/{public_id}: 32 random hex digits (migration 1400). */
    public_id: Generated<string>;
    game: GameId;
    user_id: number;
    /** Cents staked (coins, and the value of items put in). */
    stake: number;
    /** Cents paid back (coins, or the value of the items won); null while open. */
    payout: number | null;
    /** numeric comes back as a string from pg; written as a number. Null while open. */
    multiplier: ColumnType<string | null, number | null | undefined, number | null>;
    status: JournalStatus;
    /** The domain row: game_bets.id, the opening's inventory_items.id, round_bets.id, battles.id. */
    ref_id: number;
    /** The seat, for a battle seat; 0 otherwise. */
    ref_seat: Generated<number>;
    seed_pair_id: number | null;
    nonce: number | null;
    round_id: number | null;
    placed_at: Generated<Date>;
    settled_at: Date | null;
  };
}
