import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { limitQuery } from './limitQuery.ts';
import { WHEEL_COLORS, WHEEL_DEFAULT_LIMITS, WHEEL_MAX_BETS_PER_PLAYER_ROUND, type WheelLimits } from '../games/wheel.ts';

// The contract of Crazy Wheel (docs/wheel.md): the bet body shared by the bet panel and the
// server's route schema, the answers of every /api/wheel call (one zod schema each: the routes'
// response schemas, the client's types by z.infer), and the socket.io events of the /wheel namespace. Amounts are coins with at most 2 decimals on the wire (integer cents inside),
// multipliers numbers (3.5), times ms since the epoch on the server's clock.

/** The bet body for the given limits; the server builds it from its configuration. */
export function wheelBetSchema(limits: Pick<WheelLimits, 'minBet' | 'maxBet'> = WHEEL_DEFAULT_LIMITS) {
  return z.object({
    amount: coinAmount({ min: limits.minBet, max: limits.maxBet }),
    color: z.enum(WHEEL_COLORS, { error: `The color must be one of ${WHEEL_COLORS.join(', ')}.` }),
  });
}

/** POST /api/wheel/bet with the default limits (what the panel checks before sending). */
export const WheelBetSchema = wheelBetSchema();
/** The body as sent: `{amount: 1.5, color: 'blue'}`. */
export type WheelBetRequest = z.input<typeof WheelBetSchema>;

export const WheelBetIdParams = z.object({ id: z.coerce.number({ error: 'The bet id must be a number.' }).int().positive() });
/** POST /api/wheel/bet/{id}/cancel: the body is empty. */
export const WheelCancelSchema = z.object({}).optional();

// The answers: `…Answer` (or the item's name) the `data` the client uses, `…Response` the whole body
// the route declares.

const color = z.enum(WHEEL_COLORS);
const player = z.object({ id: z.number(), name: z.string(), avatar_url: z.string().nullable() });

/** Answer of POST /api/wheel/bet: `{data: WheelBetAnswer, msg}`; `balance` in coins, after the stake left. */
export const WheelBetAnswerSchema = z.object({ bet: z.object({ id: z.number(), round_id: z.number(), amount: z.number(), color }), balance: z.number() });
export type WheelBetAnswer = z.infer<typeof WheelBetAnswerSchema>;
export const WheelBetResponseSchema = z.object({ data: WheelBetAnswerSchema, msg: z.string() });
export type WheelBetResponse = z.infer<typeof WheelBetResponseSchema>;

/** Answer of POST /api/wheel/bet/{id}/cancel: `{data: {balance}, msg}` (coins, the stake back). */
export const WheelCancelAnswerSchema = z.object({ balance: z.number() });
export const WheelCancelResponseSchema = z.object({ data: WheelCancelAnswerSchema, msg: z.string() });
export type WheelCancelResponse = z.infer<typeof WheelCancelResponseSchema>;

/** Answer of GET /api/wheel/config: `{data: WheelConfig}`, the layout the scene and pages draw; bets in coins, timings in ms. */
export const WheelConfigSchema = z.object({
  segments: z.array(z.object({ index: z.number(), color, multiplier: z.number() })),
  colors: z.array(z.object({ color, label: z.string(), multiplier: z.number(), count: z.number(), rtp: z.number() })),
  min_bet: z.number(),
  max_bet: z.number(),
  timings: z.object({ betting_ms: z.number(), pending_ms: z.number(), spin_ms: z.number(), pause_ms: z.number() }),
});
export type WheelConfig = z.infer<typeof WheelConfigSchema>;
export const WheelConfigResponseSchema = z.object({ data: WheelConfigSchema });
export type WheelConfigResponse = z.infer<typeof WheelConfigResponseSchema>;

export const WHEEL_RECENT_DEFAULT = 20;
export const WHEEL_RECENT_MAX = 100;

export const WheelLimitQuery = limitQuery(WHEEL_RECENT_DEFAULT, WHEEL_RECENT_MAX);

/** One ended round of GET /api/wheel/recent-games (newest first): its id and number (the wheel's own count of its rounds, "Round #n"), its chain hash (verify at /wheel/provably-fair) and ISO end time. */
export const WheelRecentGameSchema = z.object({ id: z.number(), number: z.number(), segment: z.number(), color, multiplier: z.number(), hash: z.string(), ended_at: z.string() });
export type WheelRecentGame = z.infer<typeof WheelRecentGameSchema>;
export const WheelRecentGamesResponseSchema = z.object({ data: z.array(WheelRecentGameSchema) });

/** One settled bet of GET /api/wheel/recent-bets and /top-payouts: its round's id and number, coins staked and paid (0 when lost), the ISO time of the round's end. */
export const WheelSettledBetSchema = z.object({ id: z.number(), round_id: z.number(), round_number: z.number(), user: player, color, amount: z.number(), payout: z.number(), multiplier: z.number(), created_at: z.string() });
export type WheelSettledBet = z.infer<typeof WheelSettledBetSchema>;
export const WheelSettledBetsResponseSchema = z.object({ data: z.array(WheelSettledBetSchema) });

/** GET /api/wheel/seeds: the active chain and the recent rounds' revealed hashes. */
export const WheelSeedsSchema = z.object({
  chain: z.object({ id: z.number(), terminating_hash: z.string(), salt: z.string(), length: z.number() }).nullable(),
  rounds: z.array(z.object({ id: z.number(), number: z.number(), hash: z.string(), segment: z.number() })),
});
export type WheelSeeds = z.infer<typeof WheelSeedsSchema>;
export const WheelSeedsResponseSchema = z.object({ data: WheelSeedsSchema });

/** Messages of the wheel calls (answered as msg, refusals as `{message, msg}`). */
export const WHEEL_MESSAGES = {
  betPlaced: 'Bet placed',
  betCanceled: 'Bet canceled',
  bettingClosed: 'Betting is closed for this round. Bet on the next round.',
  noRound: 'No round is open for bets right now. Bet on the next round.',
  alreadyBet: 'This bet was already placed.',
  roundFull: 'This round has reached its bet limit. Bet on the next round.',
  tooManyBets: `You can place at most ${WHEEL_MAX_BETS_PER_PLAYER_ROUND} bets in a round. Bet again in the next round.`,
  notCancelable: 'This bet can no longer be canceled.',
  notFound: 'Bet not found.',
} as const;

// The socket.io events of /wheel are in wheelEvents.ts (no zod there, so the page that only
// listens does not load it); re-exported for the server.
export * from './wheelEvents.ts';
