// The server's clock as a round page estimates it (crash, wheel): every round event carries
// server_time; each sample is the true offset minus the event's travel time, so the largest of
// the last few is the closest to the truth (and follows a drifting clock).

export interface ClockEstimate {
  /** server time − client time (ms), the best estimate so far. */
  offsetMs: number;
  /** The latest few measured offsets. */
  offsetSamples: number[];
}

const OFFSET_SAMPLES = 12;

export function withClockSample<M extends ClockEstimate>(model: M, serverTime: number, receivedAt: number): M {
  const samples = [...model.offsetSamples, serverTime - receivedAt].slice(-OFFSET_SAMPLES);
  return { ...model, offsetSamples: samples, offsetMs: Math.max(...samples) };
}

/** Whole seconds (rounded up) until `at` on the server's clock. */
export function secondsUntil(at: number | null, offsetMs: number, now = Date.now()): number {
  return at === null ? 0 : Math.max(0, Math.ceil((at - now - offsetMs) / 1000));
}
