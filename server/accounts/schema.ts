import type { Generated } from 'kysely';

// The accounts area's tables (migrations 0200 and 0930), joined into `Database` in server/db/schema.ts.
export interface AccountsTables {
  refresh_tokens: {
    id: string;
    user_id: number;
    family_id: string;
    access_token_id: string;
    expires_at: Date;
    used_at: Date | null;
    revoked_at: Date | null;
    created_at: Generated<Date>;
  };
  password_resets: {
    user_id: number;
    token_hash: string;
    created_at: Generated<Date>;
  };
  social_identities: {
    id: Generated<number>;
    user_id: number;
    provider: string;
    provider_user_id: string;
    created_at: Generated<Date>;
  };
  sessions: {
    family_id: string;
    user_id: number;
    user_agent: string;
    address: string;
    created_at: Generated<Date>;
    last_seen_at: Generated<Date>;
    ended_at: Date | null;
  };
  two_factor: {
    user_id: number;
    secret: string;
    enabled_at: Date | null;
    last_time_step: number | null;
    created_at: Generated<Date>;
  };
  two_factor_recovery_codes: {
    code_hash: string;
    user_id: number;
    used_at: Date | null;
  };
  login_challenges: {
    id: string;
    user_id: number;
    expires_at: Date;
    used_at: Date | null;
  };
  email_changes: {
    user_id: number;
    new_email: string;
    token_hash: string;
    created_at: Generated<Date>;
  };
}
