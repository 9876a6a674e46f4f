import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { limitQuery } from './limitQuery.ts';
import { WHEEL_COLORS, WHEEL_DEFAULT_LIMITS, type WheelColor, type WheelLimits } from '../games/wheel.ts';

// The contract of Crazy Wheel (docs/wheel.md): the bet body shared by the bet panel and the
// server's route schema, the answers of every /api/wheel call, and the socket.io events of the
// /wheel namespace. Amounts are coins with at most 2 decimals on the wire (integer cents inside),
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

/** Answer of POST /api/wheel/bet: `{data: WheelBetAnswer, msg}`. */
export interface WheelBetAnswer {
  bet: { id: number; round_id: number; amount: number; color: WheelColor };
  /** Coins, after the stake left. */
  balance: number;
}

/** Answer of GET /api/wheel/config: `{data: WheelConfig}`, the layout the scene and pages draw. */
export interface WheelConfig {
  segments: { index: number; color: WheelColor; multiplier: number }[];
  colors: { color: WheelColor; label: string; multiplier: number; count: number; rtp: number }[];
  /** Coins. */
  min_bet: number;
  max_bet: number;
  /** ms. */
  timings: { betting_ms: number; pending_ms: number; spin_ms: number; pause_ms: number };
}

export const WHEEL_RECENT_DEFAULT = 20;
export const WHEEL_RECENT_MAX = 100;

export const WheelLimitQuery = limitQuery(WHEEL_RECENT_DEFAULT, WHEEL_RECENT_MAX);

/** One ended round of GET /api/wheel/recent-games (newest first). */
export interface WheelRecentGame {
  id: number;
  segment: number;
  color: WheelColor;
  multiplier: number;
  /** The round's chain hash, revealed when it ended (verify at /wheel/provably-fair). */
  hash: string;
  /** ISO time. */
  ended_at: string;
}

/** One settled bet of GET /api/wheel/recent-bets and /top-payouts. */
export interface WheelSettledBet {
  id: number;
  round_id: number;
  user: { id: number; name: string; avatar_url: string | null };
  color: WheelColor;
  /** Coins staked and paid (0 when lost). */
  amount: number;
  payout: number;
  multiplier: number;
  /** ISO time of the round's end. */
  created_at: string;
}

/** GET /api/wheel/seeds: the active chain and the recent rounds' revealed hashes. */
export interface WheelSeeds {
  chain: { id: number; terminating_hash: string; salt: string; length: number } | null;
  rounds: { id: number; hash: string; segment: number }[];
}

/** Messages of the wheel calls (answered as msg, refusals as `{message, msg}`). */
export const WHEEL_MESSAGES = {
  betPlaced: 'Bet placed',
  betCanceled: 'Bet canceled',
  bettingClosed: 'Betting is closed for this round. Bet on the next round.',
  noRound: 'No round is open for bets right now. Bet on the next round.',
  alreadyBet: 'This bet was already placed.',
  roundFull: 'This round has reached its bet limit. Bet on the next round.',
  notCancelable: 'This bet can no longer be canceled.',
  notFound: 'Bet not found.',
} as const;

// The socket.io events of /wheel are in wheelEvents.ts (no zod there, so the page that only
// listens does not load it); re-exported for the server.
export * from './wheelEvents.ts';
