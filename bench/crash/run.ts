// Crash bench: BENCH_CLIENTS socket.io clients (5,000) on one node in one round, BENCH_PLAYERS
// (300) of them bet and then cash out within one second while the curve flies. Measured: the
// cash-out's answer time (request → response; p50/p99), the server's event-loop delay (p99, max)
// and its main thread's CPU from the first cash-out sent to the last answered, and that every
// client received every cash-out in the batches. The shop (buildApp, real routes) against a bare
// socket.io server doing the same emits, one after the other in the same run. `shop2`: the same
// with two shop nodes on one scratch PostgreSQL database and one Redis (BENCH_DB=postgres): the
// leader runs the round, the clients and the bets are split between both nodes, and the cash-outs
// go to the follower (the node that does not lead), whose figures fill the row (the leader's beside them).
// Four processes per mode: this one (orchestration only), the server, the socket.io clients
// (clients.ts) and the cash-out requester (cashouts.ts), which does nothing but the 300 timed
// requests. The clients and the requester report their own event-loop delay, so the table shows
// whether the server or the processes measuring it set the figure.
//
//   bash bench/crash/run.sh            (raises ulimit -n, then runs this file on Node 24)
//   BENCH_MODES=shop                   one mode only (default bare,shop, and shop2 with BENCH_DB=postgres
//                                      and Redis); BENCH_PROFILE=<dir>: CPU profiles of the servers' measured windows
//   BENCH_REDIS_URL=redis://…          shop2's Redis (default TEST_REDIS_URL, else redis://127.0.0.1:6379)
//   BENCH_PIN=0                        leave the processes unpinned (see `pin` below)
//   BENCH_SERVER_FLAGS='--trace-gc'    Node flags for the servers only
//   BENCH_PG_CORES=0                   where the local PostgreSQL is pinned (default: beside the clients)
//   BENCH_FLUSH_PROBE=1                the disk's flush latency over the window too (diskFlush.ts; with BENCH_DB=postgres)
//   BENCH_REQUESTER_NICE=-5            the requester's nice value (default 0; below 0 needs root): see below
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { ask, type Reply } from '../ipc.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
type Mode = 'bare' | 'shop' | 'shop2';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MODES = (process.env.BENCH_MODES ?? `bare,shop${process.env.BENCH_DB === 'postgres' ? ',shop2' : ''}`).split(',') as Mode[];
const CASHOUT_WINDOW_MS = 1000;
/** The round's crash point (fixed by its hash): ≥ 2 flies 11.5 s, ample time for the cash-outs. */
const MIN_CRASH = Number(process.env.BENCH_MIN_CRASH ?? 2);
/** A request not answered by then counts as failed and is named, rather than holding the run. */
const REQUEST_TIMEOUT_MS = 60_000;
/** BENCH_REQUESTER_NICE: the requester's nice value, or null to leave it at its parent's (see runMode). */
const REQUESTER_NICE = process.env.BENCH_REQUESTER_NICE ? Number(process.env.BENCH_REQUESTER_NICE) : null;

// A failed run must not leave its server (and its scratch database's connections) behind.
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill();
  pinPostgres(ALL_CORES);
});
process.on('SIGINT', () => process.exit(130));

// On one machine the 5,000 clients, PostgreSQL and the server compete for the same cores: the
// clients' reading of every tick and PostgreSQL's backends can take the core the server needs for
// its fan-out, and each time they do, the server's event loop stands still. Pinned, the server has
// core 0 to itself, and PostgreSQL (its postmaster and backends, new ones inherit it), the clients and
// the requester share the others, the clients at the lowest priority (nice 19, BENCH_NICE=0 to
// leave them at 0), so that PostgreSQL and the requester run as soon as they have work: the
// nearest this machine comes to the clients and the database on machines of their own. The
// PostgreSQL processes get all cores back when the run ends. With two nodes (shop2) both servers
// share core 0, the one the single server and the bare one have: every mode's servers get the same
// core, so the ratios compare like with like, and the two nodes pay for sharing it (two event loops,
// the Redis relay) as they would not on machines of their own. A local Redis (shop2's bus and
// socket.io adapter) is pinned beside PostgreSQL, as a database-side service, for the run.
const PIN = process.env.BENCH_PIN !== '0' && availableParallelism() >= 2;
const ALL_CORES = `0-${availableParallelism() - 1}`;
const OTHER_CORES = `1-${availableParallelism() - 1}`;
/** BENCH_PG_CORES: the cores the local PostgreSQL is pinned to (taskset's list; default: beside the clients). */
const PG_CORES = process.env.BENCH_PG_CORES ?? OTHER_CORES;
// Off by default: its own fdatasync every 10 ms shares the disk with the database's commits.
const FLUSH_PROBE = process.env.BENCH_FLUSH_PROBE === '1' && process.env.BENCH_DB === 'postgres';
function taskset(pid: number, cpus: string): void {
  try {
    execFileSync('taskset', ['-a', '-pc', cpus, String(pid)], { stdio: 'ignore' });
  } catch (error) {
    log(`taskset ${cpus} ${pid} failed (${(error as Error).message}); it runs unpinned`);
  }
}
function pin(child: ChildProcess, role: 'server' | 'measuring'): void {
  if (!PIN || !child.pid) return;
  taskset(child.pid, role === 'server' ? '0' : OTHER_CORES);
}
/** The local processes of that name (none when it runs elsewhere or not at all). */
function pids(name: string): number[] {
  try {
    return execFileSync('pgrep', ['-x', name], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
/** The local PostgreSQL (with BENCH_DB=postgres) and, for shop2, Redis. */
function pinPostgres(cpus: string): void {
  if (!PIN || process.env.BENCH_DB !== 'postgres') return;
  for (const pid of [...pids('postgres'), ...(MODES.includes('shop2') ? pids('redis-server') : [])]) taskset(pid, cpus);
}

/** The machine's stolen CPU time so far, all cores, in ms (Linux's /proc/stat), or null elsewhere. */
function stolenMs(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    return (Number(fields[8]) * 1000) / 100; // USER_HZ: 100 ticks a second
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const began = Date.now();
const log = (...parts: unknown[]) => console.error(`[crash ${((Date.now() - began) / 1000).toFixed(1)} s]`, ...parts);

/** Waits for a child's first message of a kind; a child that exits first fails the run. */
function first(child: ChildProcess, cmd: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${cmd}: the process exited (${code}) first`));
    child.once('exit', onExit);
    const onMessage = (m: Reply) => {
      if (m.cmd !== cmd) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m);
    };
    child.on('message', onMessage);
  });
}

/** One server process (server.ts) of a mode, pinned, once it is ready. */
async function startServer(mode: Mode, env: Record<string, string> = {}) {
  // BENCH_SERVER_FLAGS: Node flags for the server processes only (e.g. --trace-gc).
  const execArgv = [...process.execArgv, ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [])];
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [mode === 'bare' ? 'bare' : 'shop'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv, env: { ...process.env, ...env } });
  children.push(child);
  pin(child, 'server');
  const ready = await first(child, 'ready');
  log(mode, `server ready (${(ready.setupSeconds as number).toFixed(1)} s to set up)`);
  return { child, ready, port: ready.port as number, base: `http://127.0.0.1:${ready.port as number}` };
}

/** Sends each process its exit and waits until all have. */
function stop(processes: ChildProcess[]) {
  const exited = processes.map((c) => new Promise((resolve) => c.once('exit', resolve)));
  for (const c of processes) c.send({ cmd: 'exit' });
  return Promise.all(exited);
}

async function runMode(mode: Mode) {
  // shop2: both nodes on one Redis prefix of this run's; the second joins the first's database, and
  // the first's players serve on both.
  const cluster = { REDIS_URL, REDIS_PREFIX: `bench-crash-${randomUUID()}:` };
  const nodes = [await startServer(mode, mode === 'shop2' ? { ...cluster, BENCH_NODE: '1' } : {})];
  if (mode === 'shop2') nodes.push(await startServer(mode, { ...cluster, BENCH_NODE: '2', BENCH_JOIN_DATABASE: nodes[0]!.ready.database as string, BENCH_PLAYERS: '0' }));
  const tokens = nodes[0]!.ready.tokens as string[];

  const post = async (base: string, path: string, token: string, body: unknown) => {
    try {
      const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      return { status: r.status, body: await r.text() };
    } catch (error) {
      return { status: 0, body: `${path}: ${(error as Error).name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : (error as Error).message}` };
    }
  };

  // Bets first, then the clients join the round (so that, on a loaded machine, the 300 bets are
  // not each a batch to 5,000 sockets; the clients' snapshots carry them instead). The round's
  // crash point (fixed by its hash) is at least MIN_CRASH. Every node is asked (the lock picks the
  // one that runs the rounds); the cash-outs go to a node that does not lead, when there is one.
  const rounds = await Promise.all(nodes.map((n) => ask(n.child, { cmd: 'round', minCrash: MIN_CRASH }, 'round')));
  const round = rounds[0]!;
  const leaders = rounds.flatMap((r, i) => (r.leader ? [i] : []));
  if (leaders.length !== 1) throw new Error(`${leaders.length} of ${nodes.length} nodes lead: expected one`);
  const follower = nodes.length > 1 ? nodes.find((_, i) => i !== leaders[0])! : nodes[0]!;
  const leader = nodes[leaders[0]!]!;
  const base = follower.base;
  if (nodes.length > 1) log(mode, `node ${leaders[0]! + 1} leads; the cash-outs go to node ${nodes.indexOf(follower) + 1}`);
  log(mode, `round taking bets, ${Math.round(((round.bettingEndsAt as number) - Date.now()) / 1000)} s left`);
  for (let i = 0; i < tokens.length; i += 25) {
    // On every node in turn, as the clients below.
    const answers = await Promise.all(tokens.slice(i, i + 25).map((t, k) => post(nodes[(i + k) % nodes.length]!.base, '/api/crash/bet', t, { amount: 1 })));
    for (const a of answers) if (a.status !== 200) throw new Error(`bet refused: ${a.body}`);
  }
  log(mode, `${tokens.length} bets placed; ${Math.round(((round.bettingEndsAt as number) - Date.now()) / 1000)} s of betting left`);
  const clients = fork(fileURLToPath(new URL('./clients.ts', import.meta.url)), [nodes.map((n) => n.port).join(','), String(CLIENTS)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.push(clients);
  const requester = fork(fileURLToPath(new URL('./cashouts.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.push(requester);
  // The disk's flushes over the same window, beside the requester (it sleeps between flushes).
  const flushProbe = FLUSH_PROBE ? fork(fileURLToPath(new URL('./diskFlush.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }) : null;
  if (flushProbe) {
    children.push(flushProbe);
    pin(flushProbe, 'measuring');
    await first(flushProbe, 'ready');
  }
  pin(clients, 'measuring');
  if (process.env.BENCH_NICE !== '0') setPriority(clients.pid!, 19);
  pin(requester, 'measuring');
  // The requester is the instrument: on its shared core it waits behind PostgreSQL's backends (nice 0
  // too) whenever the 300 cash-outs keep them busy, and that wait is counted in every ack. A lower
  // nice value lets it run first, as a client on a machine of its own would.
  if (REQUESTER_NICE !== null) setPriority(requester.pid!, REQUESTER_NICE);
  const [connected] = await Promise.all([first(clients, 'connected'), first(requester, 'ready')]);
  log(mode, `${CLIENTS} clients connected in ${(connected.seconds as number).toFixed(1)} s`);
  if (Date.now() > (round.bettingEndsAt as number)) throw new Error('the clients connected after betting closed: raise BETTING_MS in server.ts');
  // The players' connections open a few seconds before launch, as their browsers' would be.
  await sleep(Math.max(0, (round.startsAt as number) - 3000 - Date.now()));
  await ask(requester, { cmd: 'warm', base, count: tokens.length }, 'warm');
  await sleep(Math.max(0, (round.startsAt as number) + 500 - Date.now()));
  await ask(clients, { cmd: 'reset' }, 'reset');
  for (const n of nodes) await ask(n.child, { cmd: 'measure' }, 'measuring');
  if (flushProbe) await ask(flushProbe, { cmd: 'start' }, 'started');
  const steal0 = stolenMs();
  const started = Date.now();
  const requests = await ask(requester, { cmd: 'cashouts', base, tokens, windowMs: CASHOUT_WINDOW_MS, timeoutMs: REQUEST_TIMEOUT_MS }, 'cashouts');
  const measured = await Promise.all(nodes.map((n) => ask(n.child, { cmd: 'measured' }, 'measured')));
  // The row's server figures are the node's that took the cash-outs; the leader's are beside them.
  const server = measured[nodes.indexOf(follower)]!;
  const leading = measured[nodes.indexOf(leader)]!;
  const stolen = steal0 === null ? null : stolenMs()! - steal0;
  const flushes = flushProbe ? ((await ask(flushProbe, { cmd: 'stop' }, 'flushes')).latencies as number[]).sort((a, b) => a - b) : [];
  clients.send({ cmd: 'measured' });
  const seconds = (Date.now() - started) / 1000;
  // The last batches: the server writes a room's events a slice per loop turn, so the 5,000th
  // client may get the last cash-out a while after the answer. Wait until every client has every
  // cash-out, or the count has stood still for 2 s (then the table shows what was lost).
  const refusals = new Map(requests.refusals as Array<[string, number]>);
  const refused = [...refusals.values()].reduce((a, b) => a + b, 0);
  const expected = CLIENTS * (tokens.length - refused);
  const waitFrom = Date.now();
  for (let last = -1, still = 0; still < 2000; await sleep(250)) {
    const { cashOuts } = await ask(clients, { cmd: 'count' }, 'count');
    if ((cashOuts as number) >= expected) break;
    still = cashOuts === last ? still + 250 : 0;
    last = cashOuts as number;
  }
  const deliveredWithinMs = Date.now() - waitFrom;
  const seen = await ask(clients, { cmd: 'report' }, 'report');
  log(mode, `cash-outs answered in ${seconds.toFixed(1)} s`);
  for (const [body, count] of refusals) log(mode, `${count} refused: ${body.slice(0, 200)}`);
  const latencies = (requests.latencies as number[]).sort((a, b) => a - b);
  const served = (server.served as number[]).sort((a, b) => a - b);
  const gc = server.gc as number[];
  const stages = server.stages as number[][];
  const stage = (i: number) => {
    const sorted = stages.map((s) => s[i]!).sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)}`;
  };
  const share = (cpuSeconds: number, windowSeconds: number) => `${Math.round((cpuSeconds / windowSeconds) * 100)} %`;
  const row = {
    mode,
    clients: CLIENTS,
    cashOuts: tokens.length,
    refused,
    ackP50: percentile(latencies, 50).toFixed(1),
    ackP99: percentile(latencies, 99).toFixed(1),
    // The same cash-outs timed inside the server (request read → response written): the rest of an
    // ack is the wire and the requester.
    servedP50: percentile(served, 50).toFixed(1),
    servedP99: percentile(served, 99).toFixed(1),
    // The shop's cash-out by stage, p50 / p99: read → handler, the handler (its statement), reply → written.
    ...(stages.length ? { toHandler: stage(0), handler: stage(1), written: stage(2) } : {}),
    loopP99: (server.loopP99 as number).toFixed(1),
    loopMax: (server.loopMax as number).toFixed(1),
    // The server's main thread's share of one core over the window (100 %: the event loop never idled).
    serverCpu: share(server.mainThread as number, server.seconds as number),
    // shop2: the leader's loop delay p99 / max and share of the core (it runs the round, no cash-out).
    ...(nodes.length > 1 ? { leaderLoop: `${(leading.loopP99 as number).toFixed(1)} / ${(leading.loopMax as number).toFixed(1)}`, leaderCpu: share(leading.mainThread as number, leading.seconds as number) } : {}),
    // The server's garbage collections over the window: how many, the longest pause, all pauses.
    gc: `${gc.length} / ${Math.max(0, ...gc).toFixed(1)} / ${gc.reduce((a, b) => a + b, 0).toFixed(0)}`,
    // The measuring processes' own loop delay: a large one means they, not the server, set the figure.
    clientsLoopP99: (seen.loopP99 as number).toFixed(1),
    clientsCpu: share(seen.cpu as number, seen.seconds as number),
    requesterLoopP99: (requests.loopP99 as number).toFixed(1),
    ...(REQUESTER_NICE === null ? {} : { requesterNice: REQUESTER_NICE }),
    delivered: `${seen.cashOuts as number}/${expected}`,
    // shop2: the cash-outs the clients of each node received (node 1's, node 2's), each of its expected.
    ...(nodes.length > 1 ? { deliveredByNode: (seen.cashOutsByNode as number[]).map((n, i) => `${n}/${(expected / CLIENTS) * Math.ceil((CLIENTS - i) / nodes.length)}`).join(', ') } : {}),
    // From the last answer until every client had every cash-out (to the 250 ms poll).
    deliveredWithinMs,
    ticksPerClientPerSecond: ((seen.ticks as number) / CLIENTS / ((Date.now() - started) / 1000)).toFixed(1),
    connectSeconds: (connected.seconds as number).toFixed(1),
    // CPU time the hypervisor took from this virtual machine's cores over the window (/proc/stat's
    // steal, all cores): while it does, every process here stands still, whatever its priority.
    ...(stolen === null ? {} : { stolenMs: stolen }),
    // The disk's fdatasync over the window (diskFlush.ts), p50 / p99 / max ms and how many took over 20 ms:
    // a durable commit waits for the same disk.
    ...(flushes.length ? { diskFlush: `${percentile(flushes, 50).toFixed(1)} / ${percentile(flushes, 99).toFixed(1)} / ${flushes.at(-1)!.toFixed(0)} (${flushes.filter((f) => f > 20).length} > 20)` } : {}),
  };
  await stop([clients, requester, ...(flushProbe ? [flushProbe] : [])]);
  // The node that made the scratch database (the first) drops it, so it goes last.
  for (const n of nodes.toReversed()) await stop([n.child]);
  return row;
}

/** Why shop2 cannot run here, or null: its nodes share a PostgreSQL database and a Redis. */
async function shop2Missing(): Promise<string | null> {
  if (process.env.BENCH_DB !== 'postgres') return 'two nodes need BENCH_DB=postgres (they share one database)';
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return `two nodes need Redis at ${REDIS_URL} (BENCH_REDIS_URL; their bus and socket.io adapter): ${(error as Error).message}`;
  } finally {
    redis.disconnect();
  }
}
const missing = MODES.includes('shop2') ? await shop2Missing() : null;
if (missing && process.env.BENCH_MODES) throw new Error(missing);
if (missing) {
  log(`shop2 not measured: ${missing}`);
  MODES.splice(MODES.indexOf('shop2'), 1);
}

log(PIN ? `servers pinned to core 0; clients and requester to the other cores${process.env.BENCH_DB === 'postgres' ? `, PostgreSQL${MODES.includes('shop2') ? ' and Redis' : ''} to ${PG_CORES}` : ''}` : 'processes unpinned');
pinPostgres(PG_CORES);
const rows: Array<Awaited<ReturnType<typeof runMode>> & { bareOverShopP99?: string }> = [];
for (const mode of MODES) rows.push(await runMode(mode));
// The issue's figure: the bare server's ack p99 over each shop mode's, same run (goal ≥ 3).
const bare = rows.find((r) => r.mode === 'bare');
for (const row of rows) if (bare && row !== bare) row.bareOverShopP99 = `${(Number(bare.ackP99) / Number(row.ackP99)).toFixed(1)}×`;
console.table(rows);
log('done');
process.exit(0);
