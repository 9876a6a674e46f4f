import type { Generated } from 'kysely';
import type { Timestamp } from '../db/columns.ts';

// Tables of migrations 0850_referrals, 0890_invitee_rewards and 1118_commissions_from_bets (the affiliate programme, docs/community.md).
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
    /** The welcome reward paid to the referred player (cents) and when: both null until it is paid (migration 0890). */
    invitee_reward: Generated<number | null>;
    invitee_rewarded_at: Generated<Date | null>;
  };
  referral_commissions: {
    /** `bet` (a bets journal row) since migration 1118; the others only on rows not moved to it. */
    source: 'game_bet' | 'round_bet' | 'ledger' | 'bet';
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
