// One bench client process: opens `count` websocket connections to one server (argv: mode, url,
// count), subscribes each to the bench's channel (BENCH_EVENT, events.ts) when the server speaks the
// Pusher protocol, and records for every event's frame the time from the server's publish (its
// `sent_at`) to the receipt here.
// Driven by its parent over IPC: {cmd:'connect'} → 'connected' (seconds taken); {cmd:'report'} →
// 'latencies' (a Float64Array of ms) and exit. Clients live in their own processes so that reading
// frames does not share one event loop with the other node's clients (and each process stays under
// the per-process limit of open files).
import WebSocket from 'ws';
import { benchEvent } from './events.ts';

const [mode, url, countArg] = process.argv.slice(2) as ['pusher' | 'bare', string, string];
const count = Number(countArg);
const CHANNEL = benchEvent().channel;
const BATCH = 250; // connections opened at once (stays under the listen backlog)

let latencies = new Float64Array(1 << 20);
let samples = 0;
const sockets: WebSocket[] = [];

function record(ms: number) {
  if (samples === latencies.length) {
    const grown = new Float64Array(latencies.length * 2);
    grown.set(latencies);
    latencies = grown;
  }
  latencies[samples++] = ms;
}

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    sockets.push(ws);
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const text = raw.toString();
      // Stay cheap (up to 20,000 sockets in one process): read sent_at without parsing.
      const at = text.indexOf('sent_at');
      if (at >= 0) {
        record(performance.timeOrigin + performance.now() - Number.parseFloat(text.slice(at + 10)));
        return;
      }
      const frame = JSON.parse(text) as { event: string };
      if (frame.event === 'pusher:connection_established') ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CHANNEL } }));
      else if (frame.event === 'pusher_internal:subscription_succeeded') resolve();
    });
    if (mode === 'bare') ws.on('open', () => resolve());
  });
}

process.on('message', async (message: { cmd: string }) => {
  if (message.cmd === 'connect') {
    const started = Date.now();
    for (let i = 0; i < count; i += BATCH) await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, open));
    process.send!({ cmd: 'connected', seconds: (Date.now() - started) / 1000 });
  } else if (message.cmd === 'report') {
    for (const ws of sockets) ws.terminate();
    process.send!({ cmd: 'latencies', latencies: latencies.slice(0, samples) }, () => process.exit(0));
  }
});
process.send!({ cmd: 'ready' });
