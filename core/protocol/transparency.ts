import { z } from 'zod';
import { GameReportRowSchema } from './adminReports.ts';
import { BetHistoryRowSchema } from './history.ts';

// The public transparency page and the public bet pages (docs/transparency.md). Coins on the wire;
// returns in percent with two decimals, drift and its band in percentage points.

/** The page's windows: the last 24 hours, 7 days and 30 days (whole UTC hours, the current one included) and all time. */
export const TRANSPARENCY_WINDOWS = ['24h', '7d', '30d', 'all'] as const;
export type TransparencyWindow = (typeof TRANSPARENCY_WINDOWS)[number];

/** One game over one window: the console report's row without its day and revenue. */
export const TransparencyRowSchema = GameReportRowSchema.omit({ day: true, ggr: true });
export type TransparencyRow = z.infer<typeof TransparencyRowSchema>;

/**
 * One item of a box over one window: its published odds, how often it dropped and how often the odds
 * say it should have (openings × odds, per box version played), with the band a fair draw stays in.
 */
export const BoxDropRowSchema = z.object({
  item_id: z.number(),
  name: z.string(),
  /** The published odds in percent (three decimals) the openings were played with; weighted by openings if the box was republished in the window. */
  odds: z.number(),
  drops: z.number(),
  /** Two decimals. */
  expected: z.number(),
  /** drops − expected, two decimals. */
  drift: z.number(),
  /** ± RTP_BAND_Z binomial standard deviations of the count, two decimals. */
  band: z.number(),
  /** Outside the band on at least RTP_MIN_BETS openings. */
  flagged: z.boolean(),
});
export type BoxDropRow = z.infer<typeof BoxDropRowSchema>;

/** One box over one window: its openings and its items' drops, flagged when any item leaves its band. */
export const BoxDropsSchema = z.object({
  box_id: z.number(),
  slug: z.string(),
  name: z.string(),
  openings: z.number(),
  flagged: z.boolean(),
  items: z.array(BoxDropRowSchema),
});
export type BoxDrops = z.infer<typeof BoxDropsSchema>;

/** GET /api/transparency → {data}. */
export const TransparencyAnswerSchema = z.object({
  data: z.object({
    /** When the figures were computed (ISO). */
    computed_at: z.string(),
    windows: z.array(z.object({ window: z.enum(TRANSPARENCY_WINDOWS), games: z.array(TransparencyRowSchema), boxes: z.array(BoxDropsSchema) })),
  }),
});
export type TransparencyAnswer = z.infer<typeof TransparencyAnswerSchema>;

/** A bet's public address: 32 hex digits (a random UUID's, 122 random bits), never its sequential id. */
export const PUBLIC_BET_ID = /^[0-9a-f]{32}$/;
/** Any other text is a bet not found (404), like an id no bet has. */
export const PublicBetParamsSchema = z.object({ id: z.string().max(64) });

export { BetReplaySchema, type BetReplay } from './betReplay.ts';
import { BetReplaySchema } from './betReplay.ts';

/** GET /api/bets/:id → {data}: the bet as its history row shows it, its public id, and what a stranger may see. */
export const PublicBetSchema = BetHistoryRowSchema.omit({ id: true }).extend({
  /** A settled bet's parameters, seeds a round or battle carries and stored outcome (its replay, docs/transparency.md); null for a bet with none. */
  replay: BetReplaySchema.nullable(),
  /** The player's name when they chose to show it (a profile setting); null: hidden (the default). */
  player: z.string().nullable(),
  /** The seed pair's commitment and, once revealed, its server seed (instant games and boxes); null for a round or battle. */
  seeds: z.object({ server_seed_hash: z.string(), server_seed: z.string().nullable(), client_seed: z.string(), nonce: z.number() }).nullable(),
});
export type PublicBet = z.infer<typeof PublicBetSchema>;
export const PublicBetAnswerSchema = z.object({ data: PublicBetSchema });

/** GET and PUT /api/profile/bet-name: whether the player's public bet pages show their name. */
export const BetNameSchema = z.object({ show: z.boolean() });
export const BetNameAnswerSchema = z.object({ data: BetNameSchema });
