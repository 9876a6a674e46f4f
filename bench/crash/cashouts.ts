// The bench's cash-out requests, from a process of their own that does nothing else: no socket.io
// traffic to read, no IPC with the other processes while it runs. It times each request (request
// → response) and its own event-loop delay over the same window, so a slow answer is the server's
// and not the requester's: if this process's loop p99 is small, its timers fired on time and its
// responses were read as they came.
// Each player's connection is open before the window, as a playing browser's is (it placed its bet
// and reads the page's calls over it; the server keeps connections alive for 72 s): a `warm` order
// opens one keep-alive connection per player with a GET /api/health each, so the timed requests
// measure the cash-out, not a TCP handshake and accept queued behind the fan-out.
//   {cmd:'warm', base, count} → {cmd:'warm'}
//   {cmd:'cashouts', base, tokens, windowMs, timeoutMs} → {cmd:'cashouts', latencies, refusals,
//     loopP99, loopMax, cpu, seconds}
import { createServer } from 'node:http';
import { measureLoopDelay } from '../loopDelay.ts';

interface Warm {
  cmd: 'warm';
  base: string;
  count: number;
}

interface Order {
  cmd: 'cashouts';
  base: string;
  tokens: string[];
  windowMs: number;
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function cashOut(base: string, token: string, timeoutMs: number): Promise<{ status: number; body: string }> {
  try {
    const r = await fetch(`${base}/api/crash/close-bet`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}', signal: AbortSignal.timeout(timeoutMs) });
    return { status: r.status, body: await r.text() };
  } catch (error) {
    return { status: 0, body: `/api/crash/close-bet: ${(error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (error as Error).message}` };
  }
}

process.on('message', async (message: Order | Warm | { cmd: 'exit' }) => {
  if (message.cmd === 'exit') process.exit(0);
  if (message.cmd === 'warm') {
    // All at once, so that each takes a connection of its own; they stay in fetch's pool.
    await Promise.all(Array.from({ length: message.count }, async () => (await fetch(`${message.base}/api/health`)).text()));
    process.send!({ cmd: 'warm' });
    return;
  }
  if (message.cmd !== 'cashouts') return;
  const { base, tokens, windowMs, timeoutMs } = message;
  const loopDelay = measureLoopDelay();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  const progress = setInterval(() => console.error(`[crash cash-outs] ${latencies.length}/${tokens.length} answered`), 5000);
  await Promise.all(
    tokens.map(async (token, i) => {
      await sleep(started + (i * windowMs) / tokens.length - performance.now());
      const t0 = performance.now();
      const answer = await cashOut(base, token, timeoutMs);
      latencies.push(performance.now() - t0);
      if (answer.status !== 200) refusals.set(answer.body, (refusals.get(answer.body) ?? 0) + 1);
    }),
  );
  clearInterval(progress);
  const loop = loopDelay();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  process.send!({ cmd: 'cashouts', latencies, refusals: [...refusals], loopP99: loop.p99, loopMax: loop.max, cpu: (cpu.user + cpu.system) / 1e6, seconds });
});
// fetch (undici) loads and compiles on its first use: once here, on a server of our own, so that
// the first cash-out does not pay for it.
const local = createServer((_req, res) => res.end('{}'));
await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
const address = local.address();
await (await fetch(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, { method: 'POST', body: '{}' })).text();
local.closeAllConnections();
local.close();
process.send!({ cmd: 'ready' });
