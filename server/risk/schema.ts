import type { Generated } from 'kysely';

// Tables of migration 2500_risk_marks (docs/risk.md).
export type MarkKind = 'device' | 'address' | 'crypto_address' | 'shipping';

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
}
