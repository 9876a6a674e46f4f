import type { CrashBet, CrashRoundState } from '../../core/protocol/realtime.ts';
import type { WheelRoundState } from '../../core/protocol/wheelEvents.ts';

// A crash or wheel round's state as the socket sends it, in its betting window; a test overrides
// what it needs. Shared by the round models' tests and the betting hooks' tests.

export const crashRoundState = (over: Partial<CrashRoundState> = {}): CrashRoundState => ({
  round_id: 5,
  round_number: 3,
  status: 'starting',
  betting_ends_at: 1_000,
  starts_at: 1_000,
  launched_at: null,
  ended_at: null,
  crash_point: null,
  hash: null,
  server_time: 500,
  ...over,
});

export const wheelRoundState = (over: Partial<WheelRoundState> = {}): WheelRoundState => ({
  round_id: 7,
  round_number: 4,
  status: 'starting',
  betting_ends_at: 2_000,
  starts_at: 2_000,
  launched_at: null,
  ended_at: null,
  spin_ms: 5000,
  segment: null,
  hash: null,
  voided: false,
  server_time: 1_000,
  ...over,
});

/** A crash bet of player 10 ('me', 2.00 in round 5), open; a test overrides what it needs. */
export const crashBet = (over: Partial<CrashBet> = {}): CrashBet => ({
  id: 7,
  round_id: 5,
  user: { id: 10, name: 'me', avatar_url: null },
  amount: 2,
  auto_cashout: null,
  status: 'open',
  cashed_out_at: null,
  payout: null,
  ...over,
});
