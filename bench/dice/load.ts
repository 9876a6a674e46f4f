// The dice bench's load generator in its own worker thread: autocannon in the server's process
// would share the server's event loop, so every request's client-side work would be billed to the
// HTTP figure (pgbench's clients are a separate C process). One player token per connection.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  connections: number;
  seconds: number;
  body: string;
  tokens: string[];
}

const job = workerData as LoadJob;
let next = 0;
const options = {
  url: job.url,
  method: 'POST',
  connections: job.connections,
  duration: job.seconds,
  headers: { 'content-type': 'application/json' },
  body: job.body,
  setupClient: (client) => {
    const token = job.tokens[next++ % job.tokens.length]!;
    client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
  },
} satisfies autocannon.Options;
// Inside a worker thread autocannon hands back its raw (encoded) histograms; its exported
// aggregateResult (untyped in @types/autocannon) decodes the latencies as the main thread would.
// Requests per second: completed requests over the run's measured duration.
type Aggregate = (results: unknown[], opts: autocannon.Options) => autocannon.Result;
const raw = (await autocannon(options)) as unknown as { totalCompletedRequests: number; duration: number };
const result = (autocannon as unknown as { aggregateResult: Aggregate }).aggregateResult([raw], options);
parentPort!.postMessage({ requests: raw.totalCompletedRequests / raw.duration, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx });
