import type { ColumnType, Generated } from 'kysely';

export type GrantStatus = 'active' | 'completed' | 'forfeited';

// The table of migration 1200_bonus_grants. The bonus queries see it through `withTables`
// (grants.ts), so the area adds nothing to the shared Database type.
export type BonusTables = {
  bonus_grants: {
    id: Generated<number>;
    user_id: number;
    /** What granted it: 'promo' (a deposit's promo code) or 'console' (a console credit marked as bonus). */
    source: string;
    /** The ledger reference of its credit, e.g. `invoice:12`. */
    reference: string;
    promo_code_id: number | null;
    /** Cents credited as bonus. */
    amount: number;
    /** Cents of the deposit it came with (0 without one). */
    deposit: ColumnType<number, number | undefined, number>;
    /** Cents of weighted stakes asked before the lock lifts. */
    requirement: number;
    /** Cents: the largest stake while active (null: none of its own). */
    max_bet: number | null;
    /** Migration 1220: percent per game id it was granted with (null: the catalog's weights). */
    game_weights: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
    granted_at: ColumnType<Date, Date | undefined, Date>;
    expires_at: Date;
    status: ColumnType<GrantStatus, GrantStatus | undefined, GrantStatus>;
    ended_at: Date | null;
    /** Cents debited when it was forfeited. */
    forfeited: ColumnType<number, number | undefined, number>;
  };
};
