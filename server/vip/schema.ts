import type { ColumnType } from 'kysely';
import type { VipTier } from '../../core/games/vip.ts';

// Tables of migrations 1300_vip and 1600_vip_rakeback_checkpoints (docs/vip.md). The VIP queries see them through `withTables`
// (server/vip/vip.ts), so the area adds nothing to the shared Database type.
export type VipTables = {
  /** Each rank's rates, one row per change: the row in force at a bet's settlement prices it. */
  vip_rates: {
    tier: VipTier;
    from_at: ColumnType<Date, Date | undefined, never>;
    /** Basis points of the house edge. */
    rakeback_bp: number;
    /** Cents. */
    rank_bonus: number;
    updated_by: number | null;
  };
  /** What a player has claimed of their rakeback, in cents; the claim locks this row. */
  vip_players: {
    user_id: number;
    rakeback_claimed: ColumnType<number, number | undefined, number>;
    claimed_at: Date | null;
  };
  /** One row per player and rank whose rank-up bonus was paid (primary key: user, tier). */
  vip_rank_bonuses: {
    user_id: number;
    tier: VipTier;
    amount: number;
    paid_at: ColumnType<Date, Date | undefined, never>;
  };
  /** Per player: the bets up to `through_id` (all ended) priced once: their play stakes and exact rakeback (numeric, RAKEBACK_SCALE per cent). */
  vip_rakeback_checkpoints: {
    user_id: number;
    through_id: number;
    xp: number;
    scaled: string;
  };
};
