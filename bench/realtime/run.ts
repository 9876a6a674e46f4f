// Realtime fan-out bench: N websocket connections on one node (loopback), lastDrop at 2 events
// per second, latency from the server's publish to each client's receipt (p50/p99), and server
// memory per connection; our Pusher-protocol server against a bare `ws` broadcast of the same
// frames, one after the other in the same run. Bounded: it stops after BENCH_SECONDS per mode.
//
//   bash bench/realtime/run.sh            (raises ulimit -n, then runs this file on Node 24)
//   BENCH_CONNECTIONS=10000 BENCH_SECONDS=15 node_modules/.bin/node bench/realtime/run.ts
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ask, type Reply } from '../ipc.ts';
import WebSocket from 'ws';

const N = Number(process.env.BENCH_CONNECTIONS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RATE = 2; // events per second (the brief: lastDrop at 2/s)
const BATCH = 250; // connections opened at once (stays under the listen backlog)


function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function runMode(mode: 'pusher' | 'bare') {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [mode], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<Reply>((resolve) => child.once('message', (m: Reply) => resolve(m)));
  const port = ready.port as number;
  const before = await ask(child, { cmd: 'memory' }, 'memory');

  const latencies = new Float64Array(N * SECONDS * RATE + N);
  let samples = 0;
  const sockets: WebSocket[] = [];
  const url = mode === 'pusher' ? `ws://127.0.0.1:${port}/app/bench-key?protocol=7&client=js&version=8.6.0` : `ws://127.0.0.1:${port}/`;
  const opened = Date.now();
  for (let i = 0; i < N; i += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, N - i) }, () =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(url, { perMessageDeflate: false });
          sockets.push(ws);
          ws.on('error', reject);
          ws.on('message', (raw) => {
            const text = raw.toString();
            // The client must stay cheap (10,000 sockets in one process): read sent_at without parsing.
            const at = text.indexOf('sent_at');
            if (at >= 0) {
              latencies[samples++] = performance.timeOrigin + performance.now() - Number.parseFloat(text.slice(at + 10));
              return;
            }
            const frame = JSON.parse(text) as { event: string };
            if (frame.event === 'pusher:connection_established') {
              ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'drops' } }));
            } else if (frame.event === 'pusher_internal:subscription_succeeded') {
              resolve();
            }
          });
          if (mode === 'bare') ws.on('open', () => resolve());
        }),
      ),
    );
  }
  const connectSeconds = (Date.now() - opened) / 1000;
  const after = await ask(child, { cmd: 'memory' }, 'memory');
  const events = SECONDS * RATE;
  const published = await ask(child, { cmd: 'publish', count: events, interval: 1000 / RATE }, 'published');
  await new Promise((resolve) => setTimeout(resolve, 2000)); // the last frames drain
  const sorted = latencies.slice(0, samples).sort();
  for (const ws of sockets) ws.terminate();
  child.send({ cmd: 'exit' });
  const perConn = (key: string) => ((after[key] as number) - (before[key] as number)) / N / 1024;
  return {
    mode,
    connections: after.connections as number,
    connectSeconds,
    delivered: samples,
    expected: events * N,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    loopP50: published.loopP50 as number,
    loopMax: published.loopMax as number,
    rssKiB: perConn('rss'),
    heapKiB: perConn('heap'),
    externalKiB: perConn('external'),
  };
}

const results = [];
for (const mode of ['bare', 'pusher'] as const) {
  const r = await runMode(mode);
  results.push(r);
  console.log(JSON.stringify(r));
}
console.log(`\n| server | connections | delivered | p50 ms | p99 ms | max ms | server write loop p50 / max ms | server RSS KiB/conn | JS heap KiB/conn | connect s |`);
console.log(`|---|---|---|---|---|---|---|---|---|---|`);
for (const r of results) {
  console.log(
    `| ${r.mode === 'bare' ? 'bare ws broadcast' : 'shop pusher server'} | ${r.connections} | ${r.delivered}/${r.expected} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.loopP50.toFixed(1)} / ${r.loopMax.toFixed(1)} | ${r.rssKiB.toFixed(1)} | ${r.heapKiB.toFixed(1)} | ${r.connectSeconds.toFixed(1)} |`,
  );
}
process.exit(0);
