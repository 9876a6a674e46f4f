import { z } from 'zod';
import { MessageAnswerSchema, MsgRefusalSchema, ValidationAnswerSchema } from './errorSchemas.ts';
import { BATTLE_MAX_ROUNDS, BATTLE_MIN_ROUNDS, BATTLE_MODES } from '../games/battle.ts';
import { pagedSchema } from './paged.ts';

export { BATTLES_LIST_CHANNEL, BATTLE_EVENTS, battlePath, type BattleEventName } from './battleEvents.ts';

// The contract of box battles (docs/battles.md): request schemas shared by the create form and the
// routes, the answers (one zod schema each, the client's types by z.infer), and the realtime events
// on `battle-{id}` and the list channel.

export const BATTLE_STATUSES = ['waiting', 'running', 'ended', 'canceled'] as const;
export type BattleStatus = (typeof BATTLE_STATUSES)[number];
/** Why a canceled battle was canceled: its creator, nobody filled it in time, or its box was published anew before it started. */
export const BATTLE_CANCEL_REASONS = ['creator', 'expired', 'box_changed'] as const;
export type BattleCancelReason = (typeof BATTLE_CANCEL_REASONS)[number];


const BoxPickSchema = z.object({
  slug: z.string({ error: 'Every box needs its slug.' }).trim().min(1, 'Every box needs its slug.').max(100),
  quantity: z.number({ error: 'The quantity must be a whole number.' }).int('The quantity must be a whole number.').min(1, 'The quantity must be at least 1.'),
});
export type BattleBoxPick = z.infer<typeof BoxPickSchema>;

const roundsMessage = `A battle has ${BATTLE_MIN_ROUNDS} to ${BATTLE_MAX_ROUNDS} boxes.`;

/** The box list checked as ONE field, so every problem answers as errors.boxes (the create form toasts its first). */
export const BattleBoxesSchema = z.unknown().transform((value, ctx): BattleBoxPick[] => {
  const parsed = z.array(BoxPickSchema).safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: Array.isArray(value) ? parsed.error.issues[0]!.message : 'Choose the boxes of the battle.' });
    return z.NEVER;
  }
  const rounds = parsed.data.reduce((sum, b) => sum + b.quantity, 0);
  if (rounds < BATTLE_MIN_ROUNDS || rounds > BATTLE_MAX_ROUNDS) {
    ctx.addIssue({ code: 'custom', message: roundsMessage });
    return z.NEVER;
  }
  return parsed.data;
});

export const BattleCreateSchema = z.object({
  boxes: BattleBoxesSchema,
  mode: z.enum(BATTLE_MODES, { error: `The mode must be one of ${BATTLE_MODES.join(', ')}.` }),
  crazy: z.boolean({ error: 'Crazy must be true or false.' }).default(false),
  private: z.boolean({ error: 'Private must be true or false.' }).default(false),
});
export type BattleCreateRequest = z.input<typeof BattleCreateSchema>;

const teamIdx = z.number({ error: 'The team must be a number.' }).int('The team must be a whole number.').min(0, 'There is no such team.').max(5, 'There is no such team.');

/** A private battle's link key: 128 random bits as 32 hex digits (docs/battles.md). */
export const BATTLE_KEY_PATTERN = /^[0-9a-f]{32}$/;
/** The key where a private battle's link carries it; a wrong or missing key reads as an unknown battle. */
const linkKey = z.string().max(64).optional();

export const BattleKeyQuerySchema = z.object({ key: linkKey });
export const BattleJoinSchema = z.object({ team_idx: teamIdx.optional(), key: linkKey }).default({});
export type BattleJoinRequest = z.input<typeof BattleJoinSchema>;
export const BattleAddBotsSchema = z.object({
  bots: z.number({ error: 'The bots must be a number.' }).int('The bots must be a whole number.').min(1, 'Add at least one bot.').max(5, 'A battle has at most 5 open seats.'),
  team_idx: teamIdx.optional(),
});
export type BattleAddBotsRequest = z.input<typeof BattleAddBotsSchema>;

export const BattleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
  status: z.enum(['active', 'waiting', 'running', 'ended']).optional(),
  mode: z.enum(BATTLE_MODES).optional(),
  crazy: z.enum(['0', '1', 'true', 'false']).optional(),
  /** Coins: the seat cost's range. */
  cost_from: z.coerce.number().min(0).max(10_000_000).optional(),
  cost_to: z.coerce.number().min(0).max(10_000_000).optional(),
});
export type BattleListQuery = z.input<typeof BattleListQuerySchema>;

// Answers. Amounts are coins.
export const BattleItemSchema = z.object({ id: z.number(), name: z.string(), price: z.number(), sale_price: z.number(), rarity: z.string(), img_url: z.string() });
export type BattleItem = z.infer<typeof BattleItemSchema>;

export const BattleParticipantSchema = z.object({ id: z.number(), name: z.string(), avatar_url: z.string().nullable() });
export type BattleParticipant = z.infer<typeof BattleParticipantSchema>;

export const BattleSeatSchema = z.object({
  seat: z.number(),
  team: z.number(),
  user: BattleParticipantSchema.nullable(),
  bot: BattleParticipantSchema.nullable(),
  client_seed: z.string().nullable(),
  /** Coins won so far (rounds that have ended). */
  total: z.number(),
});
export type BattleSeat = z.infer<typeof BattleSeatSchema>;

export const BattleBoxSchema = z.object({ slug: z.string(), name: z.string(), price: z.number(), img_url: z.string(), quantity: z.number() });
export type BattleBox = z.infer<typeof BattleBoxSchema>;

export const BattleRoundSchema = z.object({
  round: z.number(),
  /** `version_id`: the box version (its odds, GET /api/box-versions/{id}) the round is played with, fixed when the battle was created. */
  box: z.object({ slug: z.string(), name: z.string(), img_url: z.string(), version_id: z.number() }),
  /** Epoch ms: the same for every viewer. */
  starts_at: z.number(),
  ends_at: z.number(),
  results: z.array(z.object({ seat: z.number(), item: BattleItemSchema, ticket: z.number() })),
});
export type BattleRound = z.infer<typeof BattleRoundSchema>;

export const BattleWinnerSchema = z.object({
  team: z.number(),
  seats: z.array(z.number()),
  /** Coins: the winning team's total. */
  total: z.number(),
  /** Coins: the value of every item of the battle, all of it the winners'. */
  prize: z.number(),
  tie_break: z.boolean(),
  /** The teams (a seat each in the free-for-all modes) that tied for the win, in team order; the published tie-break rule picked `team` among them. One team when there was no tie. */
  tied: z.array(z.number()),
  /** Which seat received which item (the team split, docs/battles.md). */
  awards: z.array(z.object({ round: z.number(), seat: z.number(), to_seat: z.number() })),
  /** Coins: what each winning seat received, the value of its awarded items (a bot's share stays with the house). */
  shares: z.array(z.object({ seat: z.number(), value: z.number() })),
});
export type BattleWinner = z.infer<typeof BattleWinnerSchema>;

/** An ended battle's winners in the list: who won, the prize and each winner's share (the detail adds how: ties, awards). */
export const BattleSummaryWinnerSchema = BattleWinnerSchema.pick({ team: true, seats: true, total: true, prize: true, shares: true });
export type BattleSummaryWinner = z.infer<typeof BattleSummaryWinnerSchema>;

export const BattleSummarySchema = z.object({
  id: z.number(),
  status: z.enum(BATTLE_STATUSES),
  mode: z.enum(BATTLE_MODES),
  crazy: z.boolean(),
  private: z.boolean(),
  creator_id: z.number(),
  /** Coins: the price of one seat. */
  cost: z.number(),
  rounds_total: z.number(),
  boxes: z.array(BattleBoxSchema),
  seats_total: z.number(),
  seats_filled: z.number(),
  seats: z.array(BattleSeatSchema),
  created_at: z.string(),
  /** A waiting battle's end of waiting (ms since epoch): then it expires and every stake is returned. */
  expires_at: z.number().nullable(),
  canceled_reason: z.enum(BATTLE_CANCEL_REASONS).nullable(),
  /** Once ended: the winners (the lobby's row shows them, and a seated viewer's net result); null before. */
  winner: BattleSummaryWinnerSchema.nullable(),
});
export type BattleSummary = z.infer<typeof BattleSummarySchema>;

export const BattleDetailSchema = BattleSummarySchema.extend({
  rounds: z.array(BattleRoundSchema),
  server_seed_hash: z.string(),
  public_seed: z.string().nullable(),
  server_seed: z.string().nullable(),
  winner: BattleWinnerSchema.nullable(),
  /** Epoch ms of round 1 (null before start), the round period and the spin inside it. */
  first_round_at: z.number().nullable(),
  round_ms: z.number(),
  spin_ms: z.number(),
  /** The server's clock when it answered, so a viewer can line its clock up. */
  server_time: z.number(),
});
export type BattleDetail = z.infer<typeof BattleDetailSchema>;

/** GET /api/battles: a page of battles. */
export const BattleListAnswerSchema = pagedSchema(BattleSummarySchema);
export type BattleListAnswer = z.infer<typeof BattleListAnswerSchema>;
/** GET /api/battles/{id}. */
export const BattleDetailAnswerSchema = z.object({ data: BattleDetailSchema });
export type BattleDetailAnswer = z.infer<typeof BattleDetailAnswerSchema>;

export const BattleBotsAnswerSchema = z.object({ data: z.array(BattleParticipantSchema) });
export type BattleBotsAnswer = z.infer<typeof BattleBotsAnswerSchema>;
/** `key` is the private battle's link key (null for a public battle). */
export const BattleCreateAnswerSchema = z.object({ data: z.object({ id: z.number(), key: z.string().nullable() }), msg: z.string() });
export type BattleCreateAnswer = z.infer<typeof BattleCreateAnswerSchema>;
/** Join, add bots and cancel: the toast's text. */
export const BattleMsgAnswerSchema = z.object({ msg: z.string() });
export type BattleMsgAnswer = z.infer<typeof BattleMsgAnswerSchema>;
/** A battle action refused by the battle's state (422): the text is in data.msg. */
export const BattleRefusalSchema = z.object({ message: z.string(), data: z.object({ msg: z.string() }) });
/** The refusals of a battle's actions: no token, no such battle, a refusal or a bad body. */
export const BattleActionRefusals = { 401: MessageAnswerSchema, 404: MsgRefusalSchema, 422: z.union([BattleRefusalSchema, ValidationAnswerSchema]) };
export type BattleRefusal = z.infer<typeof BattleRefusalSchema>;

// Events. Every event carries the battle's id; the list channel gets the summary events.
export interface BattleSummaryEvent {
  battle: BattleSummary;
}
export interface BattleRoundStartedEvent {
  id: number;
  round: BattleRound;
  server_time: number;
}
export interface BattleRoundEndedEvent {
  id: number;
  round: number;
  /** Coins per seat after this round. */
  totals: number[];
  server_time: number;
}
export interface BattleStartedEvent {
  battle: BattleDetail;
}
export interface BattleEndedEvent {
  battle: BattleDetail;
}

export interface BattleEvents {
  battleCreated: BattleSummaryEvent;
  playerJoined: BattleSummaryEvent;
  battleCanceled: BattleSummaryEvent;
  battleStarted: BattleStartedEvent;
  battleRoundStarted: BattleRoundStartedEvent;
  battleRoundEnded: BattleRoundEndedEvent;
  battleEnded: BattleEndedEvent;
}
