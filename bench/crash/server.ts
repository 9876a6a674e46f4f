// One crash bench server process, driven by its parent over IPC: either the shop (`shop`: buildApp
// on PGlite in memory, crash rounds on, the real routes and /crash namespace) or a bare socket.io
// server (`bare`) doing the same emits: a snapshot on connect, a status and a tick every 200 ms to
// the game room, bets and cash-outs answered at once over HTTP and batched per tick to the bets room.
// Two shop nodes (run.ts's `shop2`): the parent hands both REDIS_URL and REDIS_PREFIX, and the
// second BENCH_JOIN_DATABASE (the first's scratch database, which only the first drops) and
// BENCH_PLAYERS=0 (the first's players' tokens serve on both).
//   {cmd:'ready', port, tokens, database} at start (database: the scratch database's URL, if any)
//   {cmd:'round', minCrash} → {cmd:'round', startsAt, bettingEndsAt, leader} once a round takes bets
//                             (the rounds run from the first 'round' on, on the node that leads)
//   {cmd:'measure'}         → {cmd:'measuring'}; event-loop delay and main-thread CPU from now
//   {cmd:'measured'}        → {cmd:'measured', loopP99, loopMax, mainThread, seconds, served, gc} since
//                             'measure'; served: each cash-out's time inside the server (request
//                             read → response written), gc: the collections' pauses, so an ack's
//                             tail can be split into the server's share and the rest (wire, requester)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { benchPlayers } from '../players.ts';
import { countCpu } from '../cpuTime.ts';
import { measureLoopDelay } from '../loopDelay.ts';
import { createBenchDatabase } from '../database.ts';

const mode = process.argv[2] === 'bare' ? 'bare' : 'shop';
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 300);
const TICK_MS = 200;
/** The betting window: the 300 bets are placed and the clients connect in it. */
const BETTING_MS = 60_000;
const setupStarted = Date.now();

let port: number;
const arrivals = new WeakMap<object, number[]>();
/** Records a cash-out's time inside the server (and the shop's stages) while the window is measured. */
const served = (ms: number, stages?: number[]) => {
  measuring?.served.push(ms);
  if (stages) measuring?.stages.push(stages);
};
let tokens: string[];
let nextRound: (minCrash: number) => Promise<{ startsAt: number; bettingEndsAt: number; leader: boolean }>;
let databaseUrl: string | undefined;
let shutdown = async () => {};

if (mode === 'shop') {
  // BENCH_DB=postgres: a scratch PostgreSQL database (production's setup); otherwise PGlite in
  // memory (the embedded default, whose queries run on the main thread).
  const joined = process.env.BENCH_JOIN_DATABASE;
  const database = process.env.BENCH_DB !== 'postgres' ? null : joined ? { url: new URL(joined), drop: async () => {} } : await createBenchDatabase('bench_crash');
  databaseUrl = database?.url.toString();
  const app = await buildApp(
    loadConfig({ ...process.env, NODE_ENV: 'development', DATA_DIR: 'memory://', ...(database ? { DATABASE_URL: database.url.toString(), DATABASE_POOL_SIZE: '20' } : {}), LOG_LEVEL: 'silent', SEED_DEMO: 'false', FAIR_CHAIN_LENGTH: '20000', CRASH_ENABLED: 'false', CRASH_BETTING_MS: String(BETTING_MS), CRASH_PENDING_MS: '500', CRASH_PAUSE_MS: '500', CRASH_TICK_MS: String(TICK_MS) }),
    { seed: false },
  );
  shutdown = async () => {
    await app.close();
    await database?.drop();
  };
  // Each cash-out's stages: read → handler (parsing, hooks) → reply sent by the handler (the
  // statement) → response written.
  app.addHook('onRequest', async (request) => {
    if (request.url === '/api/crash/close-bet') arrivals.set(request, [performance.now()]);
  });
  app.addHook('preHandler', async (request) => void arrivals.get(request)?.push(performance.now()));
  app.addHook('onSend', async (request) => void arrivals.get(request)?.push(performance.now()));
  app.addHook('onResponse', async (request) => {
    const marks = arrivals.get(request);
    if (marks?.length !== 3) return;
    const now = performance.now();
    served(now - marks[0]!, [marks[1]! - marks[0]!, marks[2]! - marks[1]!, now - marks[2]!]);
  });
  tokens = (await benchPlayers(app, PLAYERS)).map((p) => p.token);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  let started = false;
  nextRound = async (minCrash) => {
    // The rounds start with the run's first 'round' (CRASH_ENABLED=false above keeps start() from
    // doing it), once the players and every node exist, so the first round's betting window is the
    // run's, not spent on the sign-ups or a second node's start. Each node asks; the lock picks one.
    if (!started) app.realtime.leader.whileLeader(() => app.crash.loop.start());
    started = true;
    for (;;) {
      const r = await app.db.selectFrom('rounds').selectAll().where('game', '=', 'crash').where('status', '=', 'starting').executeTakeFirst();
      if (r && Number(r.outcome.crash_point) >= minCrash && new Date(r.betting_ends_at!).getTime() - Date.now() > BETTING_MS - 10_000) return { startsAt: new Date(r.starts_at!).getTime(), bettingEndsAt: new Date(r.betting_ends_at!).getTime(), leader: app.realtime.leader.isLeader() };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
} else {
  const http = createServer();
  // As Fastify (the shop) keeps an idle connection: 72 s, not node:http's 5 s.
  http.keepAliveTimeout = 72_000;
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  const crash = io.of('/crash');
  const batch: { bets: unknown[]; cash_outs: unknown[] } = { bets: [], cash_outs: [] };
  let round = { round_id: 1, status: 'starting', betting_ends_at: 0, starts_at: 0, launched_at: null as number | null, ended_at: null, crash_point: null, hash: null };
  crash.on('connection', (socket) => {
    void socket.join(['crash:game', 'crash:bets']);
    socket.emit('snapshot', { ...round, server_time: Date.now(), bets: [], history: [] });
  });
  setInterval(() => {
    if (batch.bets.length || batch.cash_outs.length) {
      crash.to('crash:bets').emit('bets', { round_id: 1, bets: batch.bets.splice(0), cash_outs: batch.cash_outs.splice(0) });
    }
    if (round.launched_at !== null) {
      const elapsed = Date.now() - round.launched_at;
      crash.to('crash:game').emit('tick', { round_id: 1, elapsed, multiplier: Math.floor(100 * Math.exp(0.00006 * elapsed)) / 100, server_time: Date.now() });
    }
  }, TICK_MS);
  const answer = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const t0 = performance.now();
    if (req.url === '/api/crash/close-bet') res.once('finish', () => served(performance.now() - t0));
    req.resume();
    req.on('end', () => {
      if (req.url === '/api/crash/bet') {
        batch.bets.push({ id: batch.bets.length, amount: 1 });
        answer(res, { data: { bet: { id: 1, round_id: 1, amount: 1, auto_cashout: null }, balance: 1 }, msg: 'Bet placed' });
      } else if (req.url === '/api/health') {
        answer(res, { status: 'ok' });
      } else {
        const elapsed = Date.now() - (round.launched_at ?? Date.now());
        const multiplier = Math.floor(100 * Math.exp(0.00006 * elapsed)) / 100;
        batch.cash_outs.push({ bet_id: 1, round_id: 1, user_id: 1, multiplier, payout: multiplier, by: 'player', server_time: Date.now() });
        answer(res, { data: { multiplier, payout: multiplier, balance: 1 }, msg: 'Cashed out' });
      }
    });
  });
  tokens = Array.from({ length: PLAYERS }, (_, i) => `bare-${i}`);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  port = typeof address === 'object' && address ? address.port : 0;
  nextRound = async () => {
    const now = Date.now();
    round = { ...round, status: 'starting', betting_ends_at: now + BETTING_MS, starts_at: now + BETTING_MS + 500, launched_at: null };
    crash.to('crash:game').emit('status', { ...round, server_time: now });
    setTimeout(() => {
      round = { ...round, status: 'pending' };
      crash.to('crash:game').emit('status', { ...round, server_time: Date.now() });
    }, BETTING_MS);
    setTimeout(() => {
      round = { ...round, status: 'in_progress', launched_at: Date.now() };
      crash.to('crash:game').emit('status', { ...round, server_time: Date.now() });
    }, BETTING_MS + 500);
    return { startsAt: round.starts_at, bettingEndsAt: round.betting_ends_at, leader: true };
  };
}

let measuring: { loopDelay: ReturnType<typeof measureLoopDelay>; cpu: ReturnType<typeof countCpu>; started: number; served: number[]; stages: number[][]; gc: number[]; observer: PerformanceObserver } | null = null;
// BENCH_PROFILE=<dir>: a CPU profile of the measured window only (crash-<mode>[-node<BENCH_NODE>]-<clients>.cpuprofile).
const profiler = process.env.BENCH_PROFILE ? new Session() : null;

process.on('message', async (message: { cmd: string; minCrash?: number }) => {
  if (message.cmd === 'round') {
    process.send!({ cmd: 'round', ...(await nextRound(message.minCrash ?? 1)) });
  } else if (message.cmd === 'measure') {
    const gc: number[] = [];
    const observer = new PerformanceObserver((list) => gc.push(...list.getEntries().map((e) => e.duration)));
    observer.observe({ entryTypes: ['gc'] });
    measuring = { loopDelay: measureLoopDelay(), cpu: countCpu(), started: performance.now(), served: [], stages: [], gc, observer };
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    process.send!({ cmd: 'measuring' });
  } else if (message.cmd === 'measured' && measuring) {
    const { loopDelay, cpu, started, observer } = measuring;
    const loop = loopDelay();
    observer.disconnect();
    const split = cpu();
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      await writeFile(`${process.env.BENCH_PROFILE}/crash-${mode}${process.env.BENCH_NODE ? `-node${process.env.BENCH_NODE}` : ''}-${process.env.BENCH_CLIENTS ?? 5000}.cpuprofile`, JSON.stringify(profile));
    }
    process.send!({ cmd: 'measured', loopP99: loop.p99, loopMax: loop.max, mainThread: split.mainThread, seconds: (performance.now() - started) / 1000, served: measuring.served, stages: measuring.stages, gc: measuring.gc });
    measuring = null;
  } else if (message.cmd === 'exit') {
    await shutdown();
    process.exit(0);
  }
});

process.on('SIGTERM', () => void shutdown().finally(() => process.exit(0)));
process.send!({ cmd: 'ready', port, tokens, mode, database: databaseUrl, setupSeconds: (Date.now() - setupStarted) / 1000 });
