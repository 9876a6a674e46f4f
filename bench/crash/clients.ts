// The bench's socket.io clients, in a process of their own so that reading 5,000 sockets' frames
// does not delay the cash-out requests (bench/crash/cashouts.ts): connects argv[3] clients to
// /crash on the ports of argv[2] (comma-separated: one per node, the clients dealt over them in turn;
// each waits for its snapshot), then counts ticks and delivered cash-outs (per node too),
// and measures its own event-loop delay and CPU from 'reset' to 'measured': when this process's
// loop lags, the clients read late and the ticks per client per second drop for that reason.
//   {cmd:'reset'} → {cmd:'reset'};  {cmd:'measured'} (no reply)
//   {cmd:'report'} → {cmd:'report', ticks, cashOuts, cashOutsByNode, loopP99, loopMax, cpu, seconds}
//
// Two kinds of client, on the same wire protocol (engine.io 4 over a websocket, socket.io 5):
// - `stock`: socket.io-client as the browser runs it (BENCH_STOCK_CLIENTS of them, 500 by default);
// - `wire`: the rest, a bare websocket (ws) that speaks the same protocol: it opens the namespace
//   with `40/crash,`, answers the server's pings, and reads an event's name from the frame's
//   prefix, parsing only the bets batches it counts. The server cannot tell the two apart; what
//   differs is the reader's cost: 5,000 stock clients took about 70 % of the one core left to the
//   clients, the requester and PostgreSQL, so the bench measured that core's queue as much as the
//   server (the history of bench/README.md, "Crash").
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { measureLoopDelay } from '../loopDelay.ts';

const ports = process.argv[2]!.split(',').map(Number);
const count = Number(process.argv[3]);
const stockCount = Math.min(count, Number(process.env.BENCH_STOCK_CLIENTS ?? 500));
const BATCH = 250; // connections opened at once (stays under the listen backlog)
const NAMESPACE = '/crash';

interface Client {
  close(): void;
}
const clients: Client[] = [];
// Players come from many addresses, and the shop holds at most 50 sockets per address
// (GAME_SOCKET_LIMITS): the clients spread over 127.0.0.2 … 127.0.0.201, which all reach loopback.
let made = 0;
const nextAddress = () => `127.0.0.${2 + (made++ % 200)}`;
let ticks = 0;
/** Cash-outs delivered to the clients of each node (ports[i]). */
let cashOuts = ports.map(() => 0);
const total = () => cashOuts.reduce((a, b) => a + b, 0);

/** socket.io-client, as the browser runs it. */
function stockClient(node: number): Promise<Client> {
  const socket = io(`http://127.0.0.1:${ports[node]}${NAMESPACE}`, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 180_000, localAddress: nextAddress() } as Parameters<typeof io>[1]);
  socket.on('tick', () => (ticks += 1));
  socket.on('bets', (batch: { cash_outs: unknown[] }) => (cashOuts[node]! += batch.cash_outs.length));
  return new Promise((resolve, reject) => {
    socket.once('snapshot', () => resolve({ close: () => socket.disconnect() }));
    socket.once('connect_error', reject);
  });
}

// engine.io packet types (first character): 0 open, 2 ping, 3 pong, 4 message; a socket.io
// packet rides in a message: 0 connect, 2 event, then the namespace and a comma.
const EVENT_PREFIX = `42${NAMESPACE},`;
const TICK = `${EVENT_PREFIX}["tick",`;
const BETS = `${EVENT_PREFIX}["bets",`;
const SNAPSHOT = `${EVENT_PREFIX}["snapshot",`;

/** The same protocol on a bare websocket, reading only what the bench counts. */
function wireClient(node: number): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${ports[node]}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false, localAddress: nextAddress() });
  return new Promise((resolve, reject) => {
    let joined = false;
    ws.on('message', (raw: Buffer) => {
      const frame = raw.toString();
      if (frame.startsWith(TICK)) ticks += 1;
      else if (frame.startsWith(BETS)) cashOuts[node]! += (JSON.parse(frame.slice(EVENT_PREFIX.length)) as [string, { cash_outs: unknown[] }])[1].cash_outs.length;
      else if (frame === '2') ws.send('3');
      else if (frame.startsWith('0{')) ws.send(`40${NAMESPACE},`);
      else if (frame.startsWith(SNAPSHOT) && !joined) {
        joined = true;
        resolve({ close: () => ws.close() });
      } else if (frame.startsWith(`44${NAMESPACE},`)) reject(new Error(`namespace refused: ${frame}`));
    });
    ws.once('error', reject);
  });
}

const started = Date.now();
for (let i = 0; i < count; i += BATCH) {
  const opened = await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => (i + k < stockCount ? stockClient : wireClient)((i + k) % ports.length)));
  clients.push(...opened);
  if ((i + BATCH) % 1000 === 0) console.error(`[crash clients] ${i + BATCH} connected after ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.error(`[crash clients] ${stockCount} socket.io-client and ${count - stockCount} wire clients`);
process.send!({ cmd: 'connected', seconds: (Date.now() - started) / 1000 });

let span: { loopDelay: ReturnType<typeof measureLoopDelay>; loop: { p99: number; max: number }; cpu: NodeJS.CpuUsage; started: number; seconds: number; cpuSeconds: number } | null = null;
const closeWindow = () => {
  if (!span || span.seconds > 0) return;
  span.loop = span.loopDelay();
  const cpu = process.cpuUsage(span.cpu);
  span.seconds = (performance.now() - span.started) / 1000;
  span.cpuSeconds = (cpu.user + cpu.system) / 1e6;
};
process.on('message', (message: { cmd: string }) => {
  if (message.cmd === 'reset') {
    ticks = 0;
    cashOuts = ports.map(() => 0);
    span = { loopDelay: measureLoopDelay(), loop: { p99: NaN, max: NaN }, cpu: process.cpuUsage(), started: performance.now(), seconds: 0, cpuSeconds: 0 };
    process.send!({ cmd: 'reset' });
  } else if (message.cmd === 'measured') {
    closeWindow();
  } else if (message.cmd === 'count') {
    process.send!({ cmd: 'count', cashOuts: total() });
  } else if (message.cmd === 'report') {
    closeWindow();
    process.send!({ cmd: 'report', ticks, cashOuts: total(), cashOutsByNode: cashOuts, loopP99: span?.loop.p99 ?? NaN, loopMax: span?.loop.max ?? NaN, cpu: span?.cpuSeconds ?? NaN, seconds: span?.seconds ?? NaN });
  } else if (message.cmd === 'exit') {
    for (const c of clients) c.close();
    process.exit(0);
  }
});
