import type { RoundStatus } from '../protocol/realtime.ts';

// The round state machine shared by the round games (crash, wheel): pure, no timers, no I/O.
// `step(state, event, now)` answers the next state and the effects the server's loop carries out
// (create the round row, persist and announce a status, run a tick), in bustabit's split.
// Statuses: new → starting (bets open until betting_ends_at) → pending (bets closed until
// starts_at) → in_progress (run_ms: crash's flight, the wheel's spin; ticks every tickMs) →
// ended → a pause → the next round. Deadlines are absolute times on the server's clock, so a
// late timer never stretches a round: the state catches up with `now`.

export interface RoundTimings {
  /** `starting`: the betting window. */
  bettingMs: number;
  /** `pending`: bets closed, before the launch. */
  pendingMs: number;
  /** After `ended`, before the next round is created. */
  pauseMs: number;
  /** Interval of the ticks while `in_progress`. */
  tickMs: number;
}

export interface RoundTimes {
  bettingEndsAt: number;
  startsAt: number;
  /** Set at `in_progress`. */
  launchedAt: number | null;
  /** Set at `ended`. */
  endedAt: number | null;
}

export type RoundMachineState =
  /** No round: the next one is created at wakeAt. */
  | { status: 'idle'; wakeAt: number }
  /** The loop is creating the round row (its hash and outcome); waits for `created`. */
  | { status: 'creating'; wakeAt: null }
  | { status: RoundStatus; roundId: number; runMs: number; times: RoundTimes; wakeAt: number };

export type RoundEvent =
  /** A timer fired (or the loop checks whether a deadline passed). */
  | { type: 'wake' }
  /** The round row exists (status `new`); `runMs` is how long its `in_progress` lasts. */
  | { type: 'created'; roundId: number; runMs: number };

export type RoundEffect =
  | { type: 'create' }
  | { type: 'status'; roundId: number; status: RoundStatus; from: RoundStatus; times: RoundTimes }
  /** While in_progress, and once more at the end with elapsed ≥ runMs before `ended`. */
  | { type: 'tick'; roundId: number; elapsed: number };

export interface RoundStep {
  state: RoundMachineState;
  effects: RoundEffect[];
}

/** The state of a loop that starts now: the first round is created at once. */
export function initialRoundState(now: number): RoundMachineState {
  return { status: 'idle', wakeAt: now };
}

export function step(state: RoundMachineState, event: RoundEvent, now: number, timings: RoundTimings): RoundStep {
  if (event.type === 'created') {
    if (state.status !== 'creating') return { state, effects: [] };
    const times: RoundTimes = { bettingEndsAt: now + timings.bettingMs, startsAt: now + timings.bettingMs + timings.pendingMs, launchedAt: null, endedAt: null };
    return {
      state: { status: 'starting', roundId: event.roundId, runMs: event.runMs, times, wakeAt: times.bettingEndsAt },
      effects: [{ type: 'status', roundId: event.roundId, status: 'starting', from: 'new', times }],
    };
  }
  if (state.status === 'creating' || now < state.wakeAt) return { state, effects: [] };
  if (state.status === 'idle') return { state: { status: 'creating', wakeAt: null }, effects: [{ type: 'create' }] };

  const { roundId, runMs } = state;
  switch (state.status) {
    case 'new':
    case 'starting': {
      const times = state.times;
      return { state: { ...state, status: 'pending', wakeAt: times.startsAt }, effects: [{ type: 'status', roundId, status: 'pending', from: 'starting', times }] };
    }
    case 'pending': {
      const times = { ...state.times, launchedAt: now };
      const effects: RoundEffect[] = [
        { type: 'status', roundId, status: 'in_progress', from: 'pending', times },
        { type: 'tick', roundId, elapsed: 0 },
      ];
      if (runMs <= 0) return end({ ...state, times }, now, effects, timings);
      return { state: { ...state, status: 'in_progress', times, wakeAt: Math.min(now + timings.tickMs, now + runMs) }, effects };
    }
    case 'in_progress': {
      const launchedAt = state.times.launchedAt!;
      const elapsed = now - launchedAt;
      const effects: RoundEffect[] = [{ type: 'tick', roundId, elapsed }];
      if (elapsed >= runMs) return end(state, now, effects, timings);
      return { state: { ...state, wakeAt: Math.min(now + timings.tickMs, launchedAt + runMs) }, effects };
    }
    case 'ended':
      return { state: { status: 'creating', wakeAt: null }, effects: [{ type: 'create' }] };
  }
}

function end(state: Extract<RoundMachineState, { roundId: number }>, now: number, effects: RoundEffect[], timings: RoundTimings): RoundStep {
  const times = { ...state.times, endedAt: now };
  effects.push({ type: 'status', roundId: state.roundId, status: 'ended', from: 'in_progress', times });
  return { state: { ...state, status: 'ended', times, wakeAt: now + timings.pauseMs }, effects };
}
