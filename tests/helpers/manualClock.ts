import type { Clock } from '../../server/clock.ts';

/** A clock that moves only when the test says so; due timers run in time order as it moves. */
export function manualClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  let timers: Array<{ time: number; run: () => void }> = [];
  const clock: Clock & { set(time: number): void; advance(ms: number): void; jump(time: number): void } = {
    now: () => now,
    at(time, run) {
      const timer = { time, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
    set(time) {
      now = time;
      const due = timers.filter((t) => t.time <= now).sort((a, b) => a.time - b.time);
      timers = timers.filter((t) => t.time > now);
      for (const t of due) t.run();
    },
    /** Moves the time without running due timers: a request that arrives before the loop's timer fires. */
    jump(time) {
      now = time;
    },
    advance(ms) {
      clock.set(now + ms);
    },
  };
  return clock;
}
