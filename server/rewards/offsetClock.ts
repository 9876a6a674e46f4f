import { readFileSync } from 'node:fs';
import type { Clock } from '../clock.ts';

// A clock ahead of the system clock by the milliseconds written in a file (REWARDS_CLOCK_OFFSET_FILE,
// refused in production): the end-to-end journeys move the rewards' time a week or a day ahead from
// outside the server process, so a week closes and cashback becomes claimable. The file is read at
// most once a second.
export function offsetFileClock(file: string): Clock {
  let offset = 0;
  let readAt = -Infinity;
  const now = () => {
    const t = Date.now();
    if (t - readAt >= 1000) {
      readAt = t;
      try {
        offset = Number(readFileSync(file, 'utf8').trim()) || 0;
      } catch {
        offset = 0;
      }
    }
    return t + offset;
  };
  return {
    now,
    at(time, run) {
      const timer = setTimeout(run, Math.max(0, time - now()));
      return () => clearTimeout(timer);
    },
  };
}
