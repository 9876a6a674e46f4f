// Crash bench: BENCH_CLIENTS socket.io clients (5,000) on one node in one round, BENCH_PLAYERS
// (300) of them bet and then cash out within one second while the curve flies. Measured: the
// cash-out's answer time (request → response; p50/p99) and the server's event-loop delay p99 over
// the cash-out window, and that every client received every cash-out in the batches. The shop
// (buildApp, PGlite in memory, real routes) against a bare socket.io server doing the same emits,
// one after the other in the same run. Bounded: a few minutes.
//
//   bash bench/crash/run.sh            (raises ulimit -n, then runs this file on Node 24)
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ask, type Reply } from '../ipc.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const CASHOUT_WINDOW_MS = 1000;


// A failed run must not leave its server (and its scratch database's connections) behind.
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill();
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function runMode(mode: 'shop' | 'bare') {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [mode], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.push(child);
  const ready = await new Promise<Reply>((resolve) => child.once('message', (m: Reply) => resolve(m)));
  const port = ready.port as number;
  const tokens = ready.tokens as string[];
  const base = `http://127.0.0.1:${port}`;

  // Bets first (a round's betting window is 60 s here), then the 5,000 clients join the round.
  const round = await ask(child, { cmd: 'round', minCrash: 1.5 }, 'round');
  const post = (path: string, token: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.text() }));
  for (let i = 0; i < tokens.length; i += 25) {
    const answers = await Promise.all(tokens.slice(i, i + 25).map((t) => post('/api/crash/bet', t, { amount: 1 })));
    for (const a of answers) if (a.status !== 200) throw new Error(`bet refused: ${a.body}`);
  }
  const clients = fork(fileURLToPath(new URL('./clients.ts', import.meta.url)), [String(port), String(CLIENTS)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.push(clients);
  const connected = await new Promise<Reply>((resolve) => clients.once('message', (m: Reply) => resolve(m)));
  if (Date.now() > (round.bettingEndsAt as number)) throw new Error('the clients connected after betting closed: raise CRASH_BETTING_MS');
  await sleep(Math.max(0, (round.startsAt as number) + 500 - Date.now()));
  await ask(clients, { cmd: 'reset' }, 'reset');
  const measured = ask(child, { cmd: 'measure', ms: CASHOUT_WINDOW_MS + 500 }, 'measured');
  const started = Date.now();
  const latencies: number[] = [];
  let refused = 0;
  await Promise.all(
    tokens.map(async (token, i) => {
      await sleep(started + (i * CASHOUT_WINDOW_MS) / tokens.length - Date.now());
      const t0 = performance.now();
      const answer = await post('/api/crash/close-bet', token, {});
      latencies.push(performance.now() - t0);
      if (answer.status !== 200) refused += 1;
    }),
  );
  const loop = await measured;
  await sleep(600); // the last batch
  const seen = await ask(clients, { cmd: 'report' }, 'report');
  latencies.sort((a, b) => a - b);
  const row = {
    mode,
    clients: CLIENTS,
    cashOuts: tokens.length,
    refused,
    ackP50: percentile(latencies, 50).toFixed(1),
    ackP99: percentile(latencies, 99).toFixed(1),
    loopP99: (loop.loopP99 as number).toFixed(1),
    loopMax: (loop.loopMax as number).toFixed(1),
    delivered: `${seen.cashOuts as number}/${CLIENTS * tokens.length}`,
    ticksPerClientPerSecond: ((seen.ticks as number) / CLIENTS / ((Date.now() - started) / 1000)).toFixed(1),
    connectSeconds: (connected.seconds as number).toFixed(1),
  };
  clients.send({ cmd: 'exit' });
  child.send({ cmd: 'exit' });
  return row;
}

const rows = [await runMode('bare'), await runMode('shop')];
console.table(rows);
process.exit(0);
