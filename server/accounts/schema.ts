import type { Generated } from 'kysely';

// The accounts area's tables (migration 0200), joined into `Database` in server/db/schema.ts.
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
}
