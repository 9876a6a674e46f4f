import type { ColumnType } from 'kysely';
import type { Id, Timestamp } from '../db/columns.ts';

// Tables of migrations 1030_players_support and 1051_pending_adjustments (docs/operator-console.md, "Players").
export interface PlayersTables {
  account_locks: {
    user_id: number;
    reason: string;
    locked_by: number | null;
    locked_at: Timestamp;
  };
  balance_adjustments: {
    id: Id;
    user_id: number;
    /** Signed cents: positive a credit, negative a debit. */
    amount: number;
    note: string;
    actor_id: number | null;
    created_at: Timestamp;
  };
  /** Migration 1051: credits above the threshold, waiting for a second staff member. */
  pending_adjustments: {
    id: Id;
    user_id: number;
    /** Positive cents (only credits wait). */
    amount: number;
    note: string;
    requested_by: number;
    requested_at: Timestamp;
    status: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | 'approved' | 'rejected' | undefined, 'approved' | 'rejected'>;
    decided_by: number | null;
    decided_at: Timestamp | null;
    adjustment_id: number | null;
    /** Migration 1220: a credit marked as bonus keeps its terms until approved (null multiple: plain coins). */
    bonus_multiple: ColumnType<number | null, number | null | undefined, number | null>;
    bonus_days: ColumnType<number | null, number | null | undefined, number | null>;
    bonus_max_bet: ColumnType<number | null, number | null | undefined, number | null>;
  };
  support_notes: {
    id: Id;
    ticket_id: number;
    author_id: number | null;
    body: string;
    created_at: Timestamp;
  };
}
