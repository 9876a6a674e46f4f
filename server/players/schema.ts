import type { Id, Timestamp } from '../db/columns.ts';

// Tables of migration 1030_players_support (docs/operator-console.md, "Players").
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
  support_notes: {
    id: Id;
    ticket_id: number;
    author_id: number | null;
    body: string;
    created_at: Timestamp;
  };
}
