// A process's event-loop delay over a measured window: how late its loop ran a timer, in ms.
// Node's monitorEventLoopDelay samples the interval between the turns of a `resolution` ms timer,
// so an idle loop reads `resolution` (10 ms here), not 0 (nodejs/node#62935: "samples had an
// implicit floor of resolution ms"). The delay is that interval minus the resolution; the crash
// bench's figures before 2026-11-23 07:30 UTC are the raw intervals (10 ms more).
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

export function measureLoopDelay(): () => { p99: number; max: number } {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return () => {
    histogram.disable();
    const delay = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    return { p99: delay(histogram.percentile(99)), max: delay(histogram.max) };
  };
}
