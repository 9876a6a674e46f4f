import type { ColumnType, Generated } from 'kysely';

// Tables of migrations 2500_risk_marks and 2510_risk_alerts (docs/risk.md).
export type MarkKind = 'device' | 'address' | 'crypto_address' | 'shipping' | 'card' | 'skins_account';

export interface RiskTables {
  account_marks: {
    user_id: number;
    kind: MarkKind;
    /** HMAC of the normalised raw value (server/risk/marks.ts markValue). */
    value: string;
    first_at: Generated<Date>;
    last_at: Generated<Date>;
  };
  risk_rules: {
    id: number;
    one_code_per_cluster: Generated<boolean>;
    one_rain_share_per_cluster: Generated<boolean>;
    no_tips_in_cluster: Generated<boolean>;
  };
  risk_alerts: {
    id: Generated<number>;
    key: string;
    kind: string;
    user_id: number;
    /** What the scanner saw (names to values), shown to the operator as it was. */
    evidence: ColumnType<Record<string, string | number>, string, string>;
    status: Generated<'open' | 'dismissed' | 'actioned'>;
    note: string | null;
    created_at: Generated<Date>;
    resolved_at: Date | null;
    resolved_by: number | null;
  };
  risk_scan: { id: number; scanned_to: Date | null };
}
