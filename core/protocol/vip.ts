import { z } from 'zod';
import { VIP_TIERS } from '../games/vip.ts';

// The VIP contract (docs/vip.md). Amounts on the wire are coins, rates percent of the house edge.
//   GET  /api/vip                       → {data: VipState}
//   POST /api/vip/rakeback/claim        → {msg, data: {amount, balance, rakeback}}
//   POST /api/vip/rank-bonus/claim      → {msg, data: {amount, balance, tiers}}
//   GET  /api/admin/vip                 → {data: VipTierRow[]} (the console)
//   PUT  /api/admin/vip/{tier}          → {message, data: VipTierRow[]}

export const VipTierSchema = z.enum(VIP_TIERS);

export const VipTierRowSchema = z.object({
  tier: VipTierSchema,
  name: z.string(),
  min_level: z.number(),
  rakeback_percent: z.number(),
  rank_bonus: z.number(),
  cashback_percent: z.number(),
  free_boxes: z.number(),
});
export type VipTierRow = z.infer<typeof VipTierRowSchema>;

export const VipRakebackSchema = z.object({ percent: z.number(), earned: z.number(), claimed: z.number(), claimable: z.number() });
export type VipRakeback = z.infer<typeof VipRakebackSchema>;

export const VipStateSchema = z.object({
  tiers: z.array(VipTierRowSchema),
  level: z.number(),
  xp: z.number(),
  rank: z.object({ tier: VipTierSchema, name: z.string() }),
  /** wager_left: coins to the next rank, null when no nudge may be shown (a break, a loss limit reached). */
  next: z.object({ tier: VipTierSchema, name: z.string(), min_level: z.number(), wager_left: z.number().nullable() }).nullable(),
  rakeback: VipRakebackSchema,
  rank_bonuses: z.array(z.object({ tier: VipTierSchema, name: z.string(), amount: z.number() })),
  /** On a break: nothing is offered or paid. */
  paused: z.boolean(),
});
export type VipState = z.infer<typeof VipStateSchema>;
export const VipAnswerSchema = z.object({ data: VipStateSchema });

export const VipRakebackClaimAnswerSchema = z.object({ msg: z.string(), data: z.object({ amount: z.number(), balance: z.number(), rakeback: VipRakebackSchema }) });
export type VipRakebackClaimAnswer = z.infer<typeof VipRakebackClaimAnswerSchema>;
export const VipRankBonusClaimAnswerSchema = z.object({ msg: z.string(), data: z.object({ amount: z.number(), balance: z.number(), tiers: z.array(VipTierSchema) }) });

export const VipTierParams = z.object({ tier: VipTierSchema });
export const VipRatesBodySchema = z.object({ rakeback_percent: z.number().min(0), rank_bonus: z.number().min(0) });
export const AdminVipAnswerSchema = z.object({ data: z.array(VipTierRowSchema) });
export const AdminVipSavedSchema = z.object({ message: z.string(), data: z.array(VipTierRowSchema) });
