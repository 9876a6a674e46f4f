import { collectDefaultMetrics, Registry } from 'prom-client';

// The process's own metrics (prom-client's defaults: CPU, memory, heap, GC, handles and the event
// loop's delay, `nodejs_eventloop_lag_*`). They describe the process, not an app, so they exist once
// per process however many apps it builds (a test file builds several): a registry per app would
// start an event-loop monitor per app and report the same figures under each.

let registry: Registry | undefined;

/** The process's registry, started at the first call (buildApp calls it, so the loop's delay is measured from the start). */
export function processMetrics(): Registry {
  if (!registry) {
    registry = new Registry();
    // 10 ms resolution: the loop's delay histogram samples every 10 ms (the default), at no cost to a request.
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  }
  return registry;
}
