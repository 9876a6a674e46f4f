import type { ColumnType, Generated } from 'kysely';
import type { MinesStatus } from '../../../core/games/mines.ts';

// The table of migration 1130_mines_boards. Mines queries see it through `withTables` (boards.ts),
// so the game adds nothing to the shared Database type.
export type MinesTables = {
  mines_boards: {
    id: Generated<number>;
    user_id: number;
    /** Cents staked. */
    amount: number;
    mines: number;
    seed_pair_id: number;
    nonce: number;
    /** The tiles revealed, in the order they were turned. */
    revealed: ColumnType<number[], number[] | undefined, number[]>;
    status: ColumnType<MinesStatus, MinesStatus | undefined, MinesStatus>;
    /** Cents: the most this board pays (the payout cap when it started). */
    max_payout: number;
    /** Cents paid; null while open. */
    payout: number | null;
    created_at: Generated<Date>;
    ended_at: Date | null;
  };
};
