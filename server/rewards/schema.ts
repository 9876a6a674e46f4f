import type { Generated } from 'kysely';
import type { Timestamp } from '../db/columns.ts';

// Tables of migration 0800_rewards (docs/rewards.md); its leaderboard tables moved into the races (1330).
export interface RewardsTables {
  /** One claim per player and cashback day (the day it was claimed in); amount in cents. */
  cashback_claims: {
    user_id: number;
    day_starts_at: Timestamp;
    amount: number;
    created_at: Generated<Date>;
  };
}
