// Realtime fan-out bench: N websocket connections per node (loopback), the bench's event (BENCH_EVENT,
// events.ts: lastDrop at 2 a second, or a chat message at 10 a second), latency from the publish to each client's receipt (p50/p99), and server memory per
// connection; our Pusher-protocol server against a bare `ws` broadcast of the same frames, one
// after the other in the same run. With BENCH_NODES=2 two server processes share the product's
// Redis bus (BENCH_REDIS_URL) and the events are published on alternate nodes, so half of every
// node's frames crossed Redis. Each node's clients run in their own process. Bounded: it stops
// after BENCH_SECONDS per mode.
//
//   bash bench/realtime/run.sh            (raises ulimit -n, then runs this file on Node 24)
//   BENCH_CONNECTIONS=19000 BENCH_SECONDS=15 BENCH_NODES=1 BENCH_EVENT=chat node_modules/.bin/node bench/realtime/run.ts
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { ask, type Reply } from '../ipc.ts';
import { benchEvent } from './events.ts';

// Per node: the most this machine's open-file limit allows on one node (README).
const N = Number(process.env.BENCH_CONNECTIONS ?? 19_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const NODES = Number(process.env.BENCH_NODES ?? 1);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const EVENT = benchEvent(); // BENCH_EVENT: drops (lastDrop at 2/s) or chat (a chat message at 10/s)
const RATE = EVENT.rate;
if (NODES !== 1 && NODES !== 2) throw new Error('BENCH_NODES is 1 or 2');

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const started = (child: ChildProcess) => new Promise<Reply>((resolve) => child.once('message', (m: Reply) => resolve(m)));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runMode(mode: 'pusher' | 'bare') {
  // One bus channel per run, so nothing else on this Redis reaches the bench's nodes.
  const env = NODES > 1 ? { ...process.env, BENCH_REDIS_URL: REDIS_URL, BENCH_BUS_CHANNEL: `bench:realtime:${randomUUID()}` } : process.env;
  const servers = Array.from({ length: NODES }, () => fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [mode], { env, execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  const ports = (await Promise.all(servers.map(started))).map((ready) => ready.port as number);
  const before = await Promise.all(servers.map((s) => ask(s, { cmd: 'memory' }, 'memory')));

  const clients = ports.map((port) => {
    const url = mode === 'pusher' ? `ws://127.0.0.1:${port}/app/bench-key?protocol=7&client=js&version=8.6.0` : `ws://127.0.0.1:${port}/`;
    return fork(fileURLToPath(new URL('./client.ts', import.meta.url)), [mode, url, String(N)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  });
  await Promise.all(clients.map(started));
  const connected = await Promise.all(clients.map((c) => ask(c, { cmd: 'connect' }, 'connected')));
  const after = await Promise.all(servers.map((s) => ask(s, { cmd: 'memory' }, 'memory')));

  // RATE events a second in all: each node publishes every NODES-th, the second half an interval later.
  const events = SECONDS * RATE;
  const interval = (1000 / RATE) * NODES;
  const publishing: Promise<Reply>[] = [];
  const publishStart = performance.now();
  for (const [i, server] of servers.entries()) {
    if (i > 0) await sleep(1000 / RATE);
    publishing.push(ask(server, { cmd: 'publish', count: events / NODES, interval }, 'published'));
  }
  await Promise.all(publishing);
  // The publisher shares its node's thread (as the product's do): when writing an event to every
  // socket takes longer than the interval, the events go out at the rate the node keeps up with.
  const publishedPerSecond = events / ((performance.now() - publishStart) / 1000);
  await sleep(2000); // the last frames drain
  const loops = await Promise.all(servers.map((s) => ask(s, { cmd: 'loops' }, 'loops')));
  const reports = await Promise.all(clients.map((c) => ask(c, { cmd: 'report' }, 'latencies')));
  for (const server of servers) server.send({ cmd: 'exit' });

  const all = new Float64Array(reports.reduce((n, r) => n + (r.latencies as Float64Array).length, 0));
  let offset = 0;
  for (const r of reports) {
    all.set(r.latencies as Float64Array, offset);
    offset += (r.latencies as Float64Array).length;
  }
  const sorted = all.sort();
  const sum = (list: Reply[], key: string) => list.reduce((n, r) => n + (r[key] as number), 0);
  const perConn = (key: string) => (sum(after, key) - sum(before, key)) / (N * NODES) / 1024;
  return {
    mode,
    nodes: NODES,
    connections: sum(after, 'connections'),
    connectSeconds: Math.max(...connected.map((c) => c.seconds as number)),
    delivered: sorted.length,
    expected: events * N * NODES,
    publishedPerSecond,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    loopP50: Math.max(...loops.map((l) => l.loopP50 as number)),
    loopMax: Math.max(...loops.map((l) => l.loopMax as number)),
    rssKiB: perConn('rss'),
    heapKiB: perConn('heap'),
  };
}

const results = [];
for (const mode of ['bare', 'pusher'] as const) {
  const r = await runMode(mode);
  results.push(r);
  console.log(JSON.stringify(r));
}
console.log(`\n| server | nodes | connections | events/s asked / sent | delivered | p50 ms | p99 ms | max ms | server write loop p50 / max ms | server RSS KiB/conn | JS heap KiB/conn | connect s |`);
console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|`);
for (const r of results) {
  console.log(
    `| ${r.mode === 'bare' ? 'bare ws broadcast' : 'shop pusher server'} | ${r.nodes} | ${r.connections} | ${RATE} / ${r.publishedPerSecond.toFixed(1)} | ${r.delivered}/${r.expected} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.loopP50.toFixed(1)} / ${r.loopMax.toFixed(1)} | ${r.rssKiB.toFixed(1)} | ${r.heapKiB.toFixed(1)} | ${r.connectSeconds.toFixed(1)} |`,
  );
}
const [bare, ours] = results;
console.log(`\nshop p99 / bare p99: ${(ours!.p99 / bare!.p99).toFixed(2)} (${EVENT.event} on ${EVENT.channel} at ${RATE}/s, ${N} connections per node, ${NODES} node${NODES > 1 ? 's' : ''}, ${SECONDS} s, Node ${process.version})`);
process.exit(0);
