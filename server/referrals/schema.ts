import type { Generated } from 'kysely';
import type { Timestamp } from '../db/columns.ts';

// Tables of migration 0850_referrals (the affiliate programme, docs/community.md).
export interface ReferralTables {
  referrers: {
    user_id: number;
    code: string;
    /** Cents claimed so far. */
    claimed: Generated<number>;
    created_at: Generated<Date>;
  };
  referrals: {
    referred_id: number;
    referrer_id: number;
    code: string;
    created_at: Generated<Date>;
  };
  referral_commissions: {
    source: 'game_bet' | 'round_bet' | 'ledger';
    source_id: number;
    referrer_id: number;
    referred_id: number;
    game: string;
    stake: number;
    edge_bp: number;
    units: number;
    settled_at: Timestamp;
  };
}
