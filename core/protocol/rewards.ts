import { z } from 'zod';
import { emptyIsUnset } from './limitQuery.ts';
import { LEADERBOARD_RACE_METRICS } from '../games/rewards.ts';

// Calls of the weekly leaderboard and the daily cashback (docs/rewards.md), shared by the routes
// (query and response schemas) and the pages (their types by z.infer).

/** `order=wagered|won` is the older form: won is win_amount, wagered ranks by stakes (no prizes). */
export const LeaderboardQuerySchema = z.object({
  metric: z.preprocess(emptyIsUnset, z.enum(LEADERBOARD_RACE_METRICS).optional()),
  order: z.preprocess(emptyIsUnset, z.enum(['wagered', 'won']).optional()),
  period: z.preprocess(emptyIsUnset, z.enum(['current', 'previous']).default('current')),
  limit: z.preprocess(emptyIsUnset, z.coerce.number().int().min(1).max(100).default(50)),
});

export const LeaderboardRowSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  level: z.number().int(),
  /** Coins (win_amount, wagered) or the multiplier. */
  value: z.number(),
  /** Coins; 0 for places without a prize. */
  prize: z.number(),
});

export const LeaderboardAnswerSchema = z.object({
  data: z.object({
    metric: z.enum([...LEADERBOARD_RACE_METRICS, 'wagered']),
    period: z.enum(['current', 'previous']),
    starts_at: z.string(),
    ends_at: z.string(),
    /** The smallest stake (coins) whose multiplier counts. */
    min_stake: z.number(),
    rows: z.array(LeaderboardRowSchema),
    me: z.object({ rank: z.number().int(), value: z.number() }).nullable(),
  }),
});
export type LeaderboardAnswer = z.infer<typeof LeaderboardAnswerSchema>;
/** A week's standings as the page draws them. */
export type Leaderboard = LeaderboardAnswer['data'];
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;

export const CashbackStateSchema = z.object({
  /** Percent of the house edge returned at the player's level. */
  rate: z.number(),
  /** Coins accrued today, claimable from next_at. */
  accrued: z.number(),
  /** Coins claimable now (yesterday's, unless claimed). */
  claimable: z.number(),
  next_at: z.string(),
  hidden: z.boolean(),
});
export type CashbackState = z.infer<typeof CashbackStateSchema>;
/** GET /api/cashback. */
export const CashbackAnswerSchema = z.object({ data: CashbackStateSchema });
export type CashbackAnswer = z.infer<typeof CashbackAnswerSchema>;

/** POST /api/cashback/claim: the toast's text, the coins credited and the balance after. */
export const CashbackClaimAnswerSchema = z.object({ msg: z.string(), data: z.object({ amount: z.number(), balance: z.number() }) });
export type CashbackClaimAnswer = z.infer<typeof CashbackClaimAnswerSchema>;

/** The private-channel event a prize winner receives. */
export interface LeaderboardPrizeEvent {
  type: 'leaderboardPrize';
  metric: (typeof LEADERBOARD_RACE_METRICS)[number];
  rank: number;
  value: number;
  prize: number;
  starts_at: string;
  ends_at: string;
}
