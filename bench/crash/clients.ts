// The bench's socket.io clients, in a process of their own so that reading 5,000 sockets' frames
// does not delay the cash-out requests (bench/crash/cashouts.ts): connects argv[3] clients to
// /crash on port argv[2] (each waits for its snapshot), then counts ticks and delivered cash-outs,
// and measures its own event-loop delay and CPU from 'reset' to 'measured': when this process's
// loop lags, the clients read late and the ticks per client per second drop for that reason.
//   {cmd:'reset'} → {cmd:'reset'};  {cmd:'measured'} (no reply)
//   {cmd:'report'} → {cmd:'report', ticks, cashOuts, loopP99, loopMax, cpu, seconds}
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

const port = Number(process.argv[2]);
const count = Number(process.argv[3]);
const BATCH = 250; // connections opened at once (stays under the listen backlog)

const sockets: Socket[] = [];
let ticks = 0;
let cashOuts = 0;
const started = Date.now();
for (let i = 0; i < count; i += BATCH) {
  await Promise.all(
    Array.from({ length: Math.min(BATCH, count - i) }, () => {
      const socket = io(`http://127.0.0.1:${port}/crash`, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 180_000 });
      sockets.push(socket);
      socket.on('tick', () => (ticks += 1));
      socket.on('bets', (batch: { cash_outs: unknown[] }) => (cashOuts += batch.cash_outs.length));
      return new Promise<void>((resolve, reject) => {
        socket.once('snapshot', () => resolve());
        socket.once('connect_error', reject);
      });
    }),
  );
  if ((i + BATCH) % 1000 === 0) console.error(`[crash clients] ${i + BATCH} connected after ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.send!({ cmd: 'connected', seconds: (Date.now() - started) / 1000 });

let span: { histogram: ReturnType<typeof monitorEventLoopDelay>; cpu: NodeJS.CpuUsage; started: number; seconds: number; cpuSeconds: number } | null = null;
const closeWindow = () => {
  if (!span || span.seconds > 0) return;
  span.histogram.disable();
  const cpu = process.cpuUsage(span.cpu);
  span.seconds = (performance.now() - span.started) / 1000;
  span.cpuSeconds = (cpu.user + cpu.system) / 1e6;
};
process.on('message', (message: { cmd: string }) => {
  if (message.cmd === 'reset') {
    ticks = 0;
    cashOuts = 0;
    span = { histogram: monitorEventLoopDelay({ resolution: 10 }), cpu: process.cpuUsage(), started: performance.now(), seconds: 0, cpuSeconds: 0 };
    span.histogram.enable();
    process.send!({ cmd: 'reset' });
  } else if (message.cmd === 'measured') {
    closeWindow();
  } else if (message.cmd === 'count') {
    process.send!({ cmd: 'count', cashOuts });
  } else if (message.cmd === 'report') {
    closeWindow();
    process.send!({ cmd: 'report', ticks, cashOuts, loopP99: span ? span.histogram.percentile(99) / 1e6 : NaN, loopMax: span ? span.histogram.max / 1e6 : NaN, cpu: span?.cpuSeconds ?? NaN, seconds: span?.seconds ?? NaN });
  } else if (message.cmd === 'exit') {
    for (const s of sockets) s.disconnect();
    process.exit(0);
  }
});
