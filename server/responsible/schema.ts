import type { Generated } from 'kysely';
import type { Timestamp } from '../db/columns.ts';
import type { ExclusionKind, LimitKind, LimitPeriod } from '../../core/games/playLimits.ts';

// Tables of migrations 0900_responsible_gaming and 0910_limit_changes (docs/account-safety.md, "Limits and exclusions").
export interface ResponsibleTables {
  /** One row per player with a limit or a break: the row their stakes and deposits lock. */
  responsible_gaming: {
    user_id: number;
    exclusion_kind: ExclusionKind | null;
    excluded_from: Timestamp | null;
    /** Null with a kind: indefinite. */
    excluded_until: Timestamp | null;
  };
  /** Cents; amount null with a pending one: no limit yet. pending_amount null with pending_from: a removal. */
  play_limits: {
    user_id: number;
    kind: LimitKind;
    period: LimitPeriod;
    amount: number | null;
    pending_amount: number | null;
    pending_from: Timestamp | null;
  };
  /** Each change of a limit asked for: what applied before and what was asked (cents; null: none). */
  limit_changes: {
    id: Generated<number>;
    user_id: number;
    kind: LimitKind;
    period: LimitPeriod;
    from_amount: number | null;
    to_amount: number | null;
    created_at: Generated<Date>;
  };
  reality_checks: {
    user_id: number;
    interval_minutes: number;
  };
}
