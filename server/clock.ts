// The server's clock: every deadline of the round games (bets close, launch, crash) and the time
// of receipt of a cash-out is read here. Tests inject a clock they move by hand
// (tests/helpers/manualClock.ts), so "one millisecond after the crash" is exact.

export interface Clock {
  /** ms since the epoch. */
  now(): number;
  /** Runs `run` once the clock reaches `time`; returns the function that cancels it. */
  at(time: number, run: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  at(time, run) {
    const timer = setTimeout(run, Math.max(0, time - Date.now()));
    return () => clearTimeout(timer);
  },
};
