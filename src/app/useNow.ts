import { useCallback, useSyncExternalStore } from 'react';

// The client's clock for countdowns: Date.now() refreshed every `everyMs` while `active`. There is
// one clock per period, shared by every countdown that reads it, so every countdown of a page reads
// the same moment and none is left behind (the wheel's readout once stayed at "spin in 16s" while
// the canvas counted down), and each renders alone: a page passing one clock down to its countdowns
// rendered whole on every tick. The round pages (crash, wheel) read it every 250 ms during their
// betting window and keep no timer between windows; the rewards' countdowns tick every second.

interface Clock {
  now: number;
  readers: Set<() => void>;
  timer: ReturnType<typeof setInterval> | undefined;
}

const clocks = new Map<number, Clock>();

function clockOf(everyMs: number): Clock {
  let clock = clocks.get(everyMs);
  if (!clock) clocks.set(everyMs, (clock = { now: Date.now(), readers: new Set(), timer: undefined }));
  return clock;
}

/** The clock runs while anyone reads it, from the moment its first reader comes. */
function read(clock: Clock, everyMs: number, reader: () => void): () => void {
  if (clock.readers.size === 0) {
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const next of [...clock.readers]) next();
    }, everyMs);
  }
  clock.readers.add(reader);
  return () => {
    clock.readers.delete(reader);
    if (clock.readers.size === 0) clearInterval(clock.timer);
  };
}

export function useNow(active = true, everyMs = 1000): number {
  const clock = clockOf(everyMs);
  const subscribe = useCallback((reader: () => void) => (active ? read(clock, everyMs, reader) : () => {}), [clock, everyMs, active]);
  return useSyncExternalStore(subscribe, () => {
    // A clock nobody reads stands still: the first render of its next reader takes the time of day
    // (a step of the period at most, so two reads of one render agree), not the last tick's.
    if (clock.readers.size === 0 && Date.now() - clock.now >= everyMs) clock.now = Date.now();
    return clock.now;
  });
}
