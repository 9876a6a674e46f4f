// One bench server process (a node): either our Pusher-protocol server (`pusher`) or a bare `ws`
// broadcast (`bare`) on a plain Node HTTP server, driven by its parent over IPC:
// {cmd:'memory'} → memory after a full GC; {cmd:'publish', count, interval} → the bench's event
// (BENCH_EVENT, events.ts) published on the bus; {cmd:'loops'} → how long each delivery of an event to every socket took.
// Both kinds deliver what arrives on the product's bus: the local one, or with BENCH_REDIS_URL the
// Redis bus between nodes (server/realtime/redisBus.ts), so that with two nodes an event published on
// one reaches the sockets of both, the same transport for ours and the bare broadcast.
import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { createPusherServer } from '../../server/realtime/pusherServer.ts';
import { createLocalBus } from '../../server/realtime/bus.ts';
import { createRedisBus } from '../../server/realtime/redisBus.ts';
import { benchEvent } from './events.ts';

const mode = process.argv[2] === 'bare' ? 'bare' : 'pusher';
const KEY = 'bench-key';
const http = createServer();

const EVENT = benchEvent();

let publish: (data: unknown) => void;
let connections: () => number;
if (mode === 'pusher') {
  // activity timeout long enough that the idle sweep never fires during the run.
  // Thousands of connections from one machine: the per-address cap is lifted for the bench.
  const pusher = createPusherServer({ key: KEY, secret: 'bench-secret-0123456789', activityTimeout: 600, maxConnectionsPerAddress: Infinity });
  http.on('upgrade', (request, socket, head) => pusher.handleUpgrade(request, socket, head));
  publish = (data) => pusher.publish(EVENT.channel, EVENT.event, data);
  connections = () => pusher.connectionCount();
} else {
  // The textbook broadcast: every client gets the same frame (identical bytes to the pusher one).
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const clients = new Set<WebSocket>();
  http.on('upgrade', (request, socket, head) =>
    wss.handleUpgrade(request, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
    }),
  );
  publish = (data) => {
    const frame = JSON.stringify({ event: EVENT.event, channel: EVENT.channel, data: JSON.stringify(data) });
    for (const ws of clients) ws.send(frame);
  };
  connections = () => clients.size;
}

const redisUrl = process.env.BENCH_REDIS_URL;
const bus = redisUrl ? await createRedisBus(redisUrl, { channel: process.env.BENCH_BUS_CHANNEL }) : createLocalBus();
const loops: number[] = []; // ms this node spent writing one event to every socket
bus.subscribe((message) => {
  const start = performance.now();
  publish(message.data);
  loops.push(performance.now() - start);
});

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message: { cmd: string; count?: number; interval?: number }) => {
  if (message.cmd === 'memory') {
    gc?.();
    gc?.();
    const m = process.memoryUsage();
    process.send!({ cmd: 'memory', rss: m.rss, heap: m.heapUsed, external: m.external + m.arrayBuffers, connections: connections() });
  } else if (message.cmd === 'publish') {
    let sent = 0;
    const timer = setInterval(() => {
      bus.publish({ channel: EVENT.channel, event: EVENT.event, data: EVENT.data(performance.timeOrigin + performance.now()) });
      sent += 1;
      if (sent >= message.count!) {
        clearInterval(timer);
        process.send!({ cmd: 'published', sent });
      }
    }, message.interval);
  } else if (message.cmd === 'loops') {
    const sorted = [...loops].sort((a, b) => a - b);
    process.send!({ cmd: 'loops', deliveries: sorted.length, loopP50: sorted[Math.floor(sorted.length / 2)] ?? 0, loopMax: sorted.at(-1) ?? 0 });
  } else if (message.cmd === 'exit') {
    process.exit(0);
  }
});

http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.send!({ cmd: 'ready', port: typeof address === 'object' && address ? address.port : 0, mode });
});
