import type { WheelColor } from '../games/wheel.ts';
import type { Ack, RoundState } from './realtime.ts';

// The socket.io events of the /wheel namespace (docs/wheel.md): bets and rounds as every player
// sees them. Amounts are coins, times ms since the epoch on the server's clock. Platform-free and
// without zod, so the /wheel page reads them without loading the schema library.

export type WheelBetStatus = 'open' | 'won' | 'lost' | 'refunded' | 'canceled';

/** A bet of the round as every player sees it. */
export interface WheelBet {
  id: number;
  round_id: number;
  user: { id: number; name: string; avatar_url: string | null };
  /** Coins. */
  amount: number;
  color: WheelColor;
  status: WheelBetStatus;
  /** Coins paid once settled (0 when lost). */
  payout: number | null;
}

/** The round as `wheel:game` `status` announces it at every status change. */
export interface WheelRoundState extends RoundState {
  /** How long the spin lasts, ms. */
  spin_ms: number;
  /** The winning segment, from `in_progress` on (the scene lands on it); null before. */
  segment: number | null;
  /** Ended by the restart rule before the spin: bets refunded, no result. */
  voided: boolean;
}

export interface WheelCancel {
  bet_id: number;
  round_id: number;
  user_id: number;
}

/** `wheel:bets` `bets`: bets and cancels accepted since the last batch (one per interval at most). */
export interface WheelBetsBatch {
  round_id: number;
  bets: WheelBet[];
  cancels: WheelCancel[];
}

export interface WheelHistoryPoint {
  round_id: number;
  round_number: number;
  segment: number;
  hash: string;
}

/** Sent on (re)connect and answered to `sync`: the round, its bets, the last results (newest first). */
export interface WheelSnapshot extends WheelRoundState {
  bets: WheelBet[];
  history: WheelHistoryPoint[];
}

export const WHEEL_SNAPSHOT_HISTORY = 20;

export interface WheelServerEvents {
  snapshot: (state: WheelSnapshot) => void;
  /** On `wheel:game`. */
  status: (round: WheelRoundState) => void;
  /** On `wheel:bets`. */
  bets: (batch: WheelBetsBatch) => void;
}

export interface WheelClientEvents {
  sync: (ack: Ack<WheelSnapshot>) => void;
}
