import { z } from 'zod';
import { emptyIsUnset } from './limitQuery.ts';
import { coinAmount } from './amount.ts';
import { PLINKO_RISKS } from '../games/plinko.ts';
import { SeedStateSchema } from './fair.ts';
import { HISTORY_ROW_GAMES, enumValues } from '../games/catalog.ts';
import { ItemSummarySchema } from './boxes.ts';
import type { RouteSchemas } from './route.ts';
import { betPageField } from './betLink.ts';

// The contract of the instant games (the catalog's games of kind 'instant'): bet bodies and queries shared by the
// forms and the server's route schemas, and the answers (one zod schema each, the client's types by
// z.infer). Amounts on the wire are coins with ≤ 2 decimals; the schemas hand them on as integer
// cents (coinAmount). The bet bodies live in betRequests.ts.

export { DiceBetSchema, DiceDirectionSchema, PlinkoBetSchema, UpgradeSchema, type DiceBetRequest, type PlinkoBetRequest, type UpgradeRequest } from './betRequests.ts';


/** Seed state answered with every instant-game bet, so the player can verify it. */
const fairFields = { nonce: z.number(), server_seed_hash: z.string(), client_seed: z.string() };
export const FairFieldsSchema = z.object(fairFields);
export type FairFields = z.infer<typeof FairFieldsSchema>;

export const DiceBetResultSchema = z.object({ roll: z.number(), win: z.boolean(), multiplier: z.number(), payout: z.number(), balance: z.number(), ...fairFields, ...betPageField });
export type DiceBetResult = z.infer<typeof DiceBetResultSchema>;
/** POST /api/dice/bet. */
export const DiceBetAnswerSchema = z.object({ data: DiceBetResultSchema });


export const PlinkoBetResultSchema = z.object({ path: z.array(z.number()), slot: z.number(), multiplier: z.number(), payout: z.number(), balance: z.number(), ...fairFields, ...betPageField });
export type PlinkoBetResult = z.infer<typeof PlinkoBetResultSchema>;
/** POST /api/plinko/bet: the result and the toast's text. */
export const PlinkoBetAnswerSchema = z.object({ data: PlinkoBetResultSchema, msg: z.string() });

/** GET /api/plinko/config: the boards, their multipliers and exact returns (core/games/plinko.ts plinkoConfig). */
export const PlinkoConfigSchema = z.object({
  rows: z.array(z.number()).readonly(),
  risks: z.array(z.enum(PLINKO_RISKS)).readonly(),
  default_rows: z.number(),
  default_risk: z.enum(PLINKO_RISKS),
  min_bet: z.number(),
  max_bet: z.number(),
  tables: z.array(z.object({ rows: z.number(), risk: z.enum(PLINKO_RISKS), multipliers: z.array(z.number()).readonly(), return: z.number() })),
});
export type PlinkoConfig = z.infer<typeof PlinkoConfigSchema>;
export const PlinkoConfigAnswerSchema = z.object({ data: PlinkoConfigSchema });
export type PlinkoConfigAnswer = z.infer<typeof PlinkoConfigAnswerSchema>;


export const UpgradeItemSchema = z.object({ id: z.number(), item: z.object({ id: z.number(), name: z.string(), price: z.number(), rarity: z.string(), img_url: z.string() }) });
export type UpgradeItem = z.infer<typeof UpgradeItemSchema>;

export const UpgradeResultSchema = z.object({
  win: z.boolean(),
  /** Percent, 3 decimals. */
  chance: z.number(),
  /** The ticket 1 … 100 000. */
  roll: z.number(),
  item: UpgradeItemSchema.optional(),
  balance: z.number(),
  ...fairFields,
  ...betPageField,
});
export type UpgradeResult = z.infer<typeof UpgradeResultSchema>;
/** POST /api/upgrade. */
export const UpgradeAnswerSchema = z.object({ data: UpgradeResultSchema });

/** GET /api/upgrade/items: the target picker's filters (prices in coins, handed on as cents). */
export const UpgradeItemsQuerySchema = z.object({
  min_price: coinAmount({ coerce: true }).default(0),
  /** The picker's price filter: at most this price (coins). */
  max_price: coinAmount({ coerce: true }).optional(),
  name: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(40),
});

/**
 * What a fairness calculator needs to recompute one settled bet. The server seed is there only
 * once its pair has been revealed by a rotation; while the pair is active it is null and only
 * its SHA-256 is known.
 */
export const BetVerificationSchema = z.object({
  ...fairFields,
  server_seed: z.string().nullable(),
  /** Plinko: the board the ball fell on. */
  rows: z.number().optional(),
  risk: z.string().optional(),
  /** Upgrade: the chance in percent (3 decimals) the ticket was drawn against. */
  chance: z.number().optional(),
});
export type BetVerification = z.infer<typeof BetVerificationSchema>;

/** One row of a game history (mine, recent, high wins). */
export const GameBetRowSchema = z.object({
  id: z.number(),
  game: z.enum(enumValues(HISTORY_ROW_GAMES)),
  user: z.object({ id: z.number(), name: z.string(), avatar_url: z.string().nullable() }),
  amount: z.number(),
  multiplier: z.number(),
  payout: z.number(),
  nonce: z.number(),
  created_at: z.string(),
  fair: BetVerificationSchema,
});
export type GameBetRow = z.infer<typeof GameBetRowSchema>;

export const HISTORY_SCOPES = ['mine', 'recent', 'high_wins'] as const;
export type HistoryScope = (typeof HISTORY_SCOPES)[number];
/** GET /api/{game}/history?scope=mine|recent|high_wins&limit=n (mine needs a signed-in player). */
export const GameHistoryQuerySchema = z.object({
  scope: z.enum(HISTORY_SCOPES).default('recent'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/{game}/history: `{data: GameBetRow[]}`. */
export const GameHistoryAnswerSchema = z.object({ data: z.array(GameBetRowSchema) });
export type GameHistoryAnswer = z.infer<typeof GameHistoryAnswerSchema>;

/**
 * The contract of every instant game's history route (GET /api/{game}/history): one contract, so
 * each game's entry in the route table is this and any game's address fits the page's history
 * (`GameHistoryRoute`, core/protocol/routes/games.ts).
 */
export const GameHistoryContract = { query: GameHistoryQuerySchema, answer: GameHistoryAnswerSchema } satisfies RouteSchemas;

/** GET /api/plinko/current: the seed pair and the player's own latest bets. */
export const PlinkoCurrentAnswerSchema = z.object({ data: z.object({ seed: SeedStateSchema, bets: z.array(GameBetRowSchema) }) });
export type PlinkoCurrentAnswer = z.infer<typeof PlinkoCurrentAnswerSchema>;

export const GAME_LEADERBOARD_METRICS = ['win_amount', 'multiplier'] as const;
export const GAME_LEADERBOARD_PERIODS = ['day', 'week', 'all'] as const;
export type GameLeaderboardMetric = (typeof GAME_LEADERBOARD_METRICS)[number];
export type GameLeaderboardPeriod = (typeof GAME_LEADERBOARD_PERIODS)[number];

/** GET /api/plinko/leaderboard: the period's best bets by payout or multiplier (unknown values are refused with 422). */
export const GameLeaderboardQuerySchema = z.object({
  metric: z.preprocess(emptyIsUnset, z.enum(GAME_LEADERBOARD_METRICS).default('win_amount')),
  period: z.preprocess(emptyIsUnset, z.enum(GAME_LEADERBOARD_PERIODS).default('week')),
  limit: z.preprocess(emptyIsUnset, z.coerce.number().int().min(1).max(100).default(20)),
});

/** GET /api/plinko/leaderboard: a period's best bets; `since` and `resets_at` are ISO times or null. */
export const GameLeaderboardAnswerSchema = z.object({
  data: z.object({ metric: z.string(), period: z.string(), since: z.string().nullable(), resets_at: z.string().nullable(), rows: z.array(GameBetRowSchema) }),
});
export type GameLeaderboardAnswer = z.infer<typeof GameLeaderboardAnswerSchema>;

/** A target of the upgrade: a catalog item as every list shows it. */
export type UpgradeTarget = z.infer<typeof ItemSummarySchema>;
/** GET /api/upgrade/items: targets (cheapest first) and the rules the page shows. */
export const UpgradeItemsAnswerSchema = z.object({
  data: z.array(ItemSummarySchema),
  rules: z.object({ edge: z.number(), min_chance: z.number(), max_chance: z.number(), max_items: z.number() }),
});
export type UpgradeItemsAnswer = z.infer<typeof UpgradeItemsAnswerSchema>;
