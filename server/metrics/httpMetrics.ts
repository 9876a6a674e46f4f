import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

// HTTP latency by route: labelled with the route's URL pattern (`/api/bets/:id`), never the raw URL,
// so a label's values stay the routes the app declares however many ids and queries players send.
// A request that matched no route (a 404, a page served as index.html) counts under "unmatched".

/** Seconds, from a cached GET (under a millisecond) to a slow report. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function installHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Seconds from receiving a request to its answer sent, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const STATUS = ['1xx', '2xx', '3xx', '4xx', '5xx'];
  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: STATUS[Math.floor(reply.statusCode / 100) - 1] ?? 'other' }, reply.elapsedTime / 1000);
    done();
  });
}
