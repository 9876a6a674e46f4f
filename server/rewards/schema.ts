import type { Generated } from 'kysely';
import type { Timestamp } from '../db/columns.ts';

// Tables of migration 0800_rewards (docs/rewards.md).
export interface RewardsTables {
  /** One row per metric and week once its prizes are paid: the row is the payout's claim. */
  leaderboard_weeks: {
    metric: 'win_amount' | 'multiplier';
    starts_at: Timestamp;
    paid_at: Generated<Date>;
  };
  /** The winners of a paid week, with what they scored and won (cents). */
  leaderboard_prizes: {
    metric: 'win_amount' | 'multiplier';
    starts_at: Timestamp;
    rank: number;
    user_id: number;
    /** Cents for win_amount, hundredths for multiplier. */
    value: number;
    prize: number;
  };
  /** One claim per player and cashback day (the day it was claimed in); amount in cents. */
  cashback_claims: {
    user_id: number;
    day_starts_at: Timestamp;
    amount: number;
    created_at: Generated<Date>;
  };
}
