// Dice bets per second over HTTP on PostgreSQL (POST /api/dice/bet through the whole app: auth,
// zod, the wallet's one-statement settlement with the token check, the seed-pair nonce, bet row and
// XP), against pgbench running the same SQL (bench/dice/pgbenchScript.ts) on the same database in
// the same run, one after the other: with `-M prepared`, the protocol the app uses (its statements
// are named and prepared once per connection, server/db/preparedStatements.ts), which makes it the
// fair reference and the database's own limit for one bet per transaction, and with `-M extended`
// (parsed every time) beside it, for the figures before this reference; and between them the same bet served by bare node:http +
// node-postgres (bench/dice/bareServer.ts), the floor of any Node server sending these statements.
// The three take turns for BENCH_ROUNDS rounds, each after a CHECKPOINT, so a slow minute of the
// machine shows as one odd round instead of a skewed ratio; the figure is the median round's ratio.
// Each run also says where the CPU went.
// Run: node_modules/.bin/node bench/dice/run.ts (needs wrk and pgbench: apt-get install -y wrk)
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: a scratch database is
//   created beside it and dropped at the end), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20),
//   BENCH_ROUNDS (default 5), BENCH_CPU_PROFILE=file.cpuprofile (a V8 profile of the app's main thread
//   during its first HTTP run), BENCH_SETTLEMENT_THREAD=off (the app's batches on its HTTP thread's
//   pool instead of the settlement thread, server/wallet/settlementThread.ts: the A/B).
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import path from 'node:path';
import { createBenchDatabase } from '../database.ts';
import { benchPlayers, pgbenchPlayers } from '../players.ts';
import { startCpuProfile } from '../cpuProfile.ts';
import { countCpu, cpuPerItem, cpuTableHeader, runCounted, type CpuSplit } from '../cpuTime.ts';
import { postLoad, type LoadResult } from '../load/wrk.ts';
import { startBareDiceServer } from './bareServer.ts';
import { pgbenchGroupScript, pgbenchScript } from './pgbenchScript.ts';
import { SETTLEMENT_SESSION_OPTIONS } from '../../server/db/settlementConnection.ts';
import { checkDiceOutcomes, describeSizes } from './groupChecks.ts';
import { buildApp } from '../../server/app.ts';
import { benchServerConfig } from '../serverConfig.ts';
import { metricValues } from '../../tests/helpers/metrics.ts';
import { instantBetSettlement } from '../../server/games/bets.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
// The app's and the bare server's database pools: a server sizes its pool to its own needs, not to its
// players (the app's group settlement keeps one statement out at a time), and pgbench's clients, one
// per player, share PostgreSQL's max_connections (100) with both pools: with pools of 20, up to about
// 55 players fit.
const pool = Number(process.env.BENCH_POOL ?? Math.min(connections, 20));
const { url, drop } = await createBenchDatabase('bench_dice');

// The bench scrapes the app's metrics as Prometheus would, with the scraper's token (docs/operations.md).
const METRICS_TOKEN = randomBytes(24).toString('hex');
const app = await buildApp(benchServerConfig({ DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: String(pool), METRICS_TOKEN }), { seed: false, settlementThread: process.env.BENCH_SETTLEMENT_THREAD !== 'off' });
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  // Players with ample balance, one per connection of each run, so no run finds rows another has
  // made hot. Each has a seed pair already.
  const diceBet = { url: '/api/dice/bet', payload: { amount: 1, target: 49.5, direction: 'under' } };
  const players = (count: number) => benchPlayers(app, count, diceBet);
  const appPlayers = await players(connections);
  const barePlayers = await players(connections);
  const house = (await app.db.selectFrom('accounts').select('id').where('kind', '=', 'house').executeTakeFirstOrThrow()).id;


  // Every run starts from a flushed database, so none pays for another's dirty pages.
  const checkpoint = () => sql`checkpoint`.execute(app.db);

  const body = JSON.stringify({ amount: 1, target: 49.5, direction: 'under' });
  // The dice bets the app's counter says were committed (shop_bets_total), scraped over HTTP.
  const countedDice = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/admin/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    if (!res.ok) throw new Error(`metrics answered ${res.status}`);
    return metricValues(await res.text(), 'shop_bets_total', 'game').dice ?? 0;
  };
  const metricRows: string[] = [];
  async function http(serverPort: number, tokens: string[], profileTo?: string): Promise<LoadResult & { split: CpuSplit }> {
    const load = (seconds: number) => postLoad({ url: `http://127.0.0.1:${serverPort}/api/dice/bet`, seconds, body, tokens });
    await load(2); // warm the JIT
    await checkpoint();
    app.wallet.batchSizes(instantBetSettlement); // counts from here
    const stopProfile = await startCpuProfile(profileTo);
    const appIds = appPlayers.map((p) => p.id);
    // The bench's own count: the app's players' bets in the journal (wrk misses the bets in flight as it stops).
    const journaled = async () => Number((await sql<{ n: string }>`select count(*)::text as n from bets where user_id = any(${appIds}::bigint[])`.execute(app.db)).rows[0]!.n);
    const [countedBefore, journaledBefore] = serverPort === port ? [await countedDice(), await journaled()] : [0, 0];
    const counting = countCpu();
    const result = await load(duration);
    const split = counting();
    if (serverPort === port) {
      // The metrics must count every bet the journal holds (wrk's count misses at most one in flight per player as it stops).
      const counted = (await countedDice()) - countedBefore;
      const written = (await journaled()) - journaledBefore;
      const off = Math.abs(counted - written) / written;
      metricRows.push(`| ${metricRows.length + 1} | ${written} | ${counted} | ${(off * 100).toFixed(3)} % | ${result.completed} |`);
      if (off > 0.01) throw new Error(`the metrics counted ${counted} dice bets where the journal holds ${written}`);
    }
    await stopProfile();
    // A run with failed bets measures something else: refuse to print it as a figure.
    if (result.errors > 0) throw new Error(`${result.errors} failed requests on port ${serverPort}`);
    return { ...result, split };
  }

  // `group`: ONE client sending the app's batch statement with `group` bets at a time (the app's batch
  // size of that round, one statement in flight as the app keeps); otherwise one bet per transaction
  // from `connections` clients.
  async function pgbench(mode: 'prepared' | 'extended', group?: number): Promise<{ tps: number; latency: string | undefined; failed: string; split: CpuSplit; cpu: number }> {
    const clients = group ? 1 : connections;
    const betsPerTransaction = group ?? 1;
    // pgbench's players, new for each run (their pairs made predictable: bench/players.ts).
    const { ids, firstPair } = await pgbenchPlayers(app, clients * betsPerTransaction, diceBet);
    const script = path.join(tmpdir(), `bench-dice-${process.pid}.sql`);
    writeFileSync(script, group ? pgbenchGroupScript(group) : pgbenchScript());
    const args = ['-n', '-M', mode, '-c', String(clients), '-j', String(Math.min(2, clients)), '-T', String(duration), '-D', `lo=${ids[0]}`, '-D', `pairlo=${firstPair.id}`, '-D', `nonce=${firstPair.nonce}`, '-D', `house=${house}`, '-D', `batch=${betsPerTransaction}`, '-f', script, url.toString()];
    await checkpoint();
    const counting = countCpu();
    // The batch statement runs in a session set as the app's settlement thread sets its connections (its plan kept).
    const { stdout: out, cpu } = await runCounted('pgbench', args, group ? { ...process.env, PGOPTIONS: SETTLEMENT_SESSION_OPTIONS } : process.env);
    const split = counting();
    rmSync(script);
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
    // A settlement whose gate let nothing through still counts as a transaction for pgbench: check
    // that every one wrote its bet (the warm-up wrote one per player).
    const processed = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
    const written = await app.db.selectFrom('game_bets').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', 'in', ids).executeTakeFirstOrThrow();
    if (Number(written.n) !== (processed + clients) * betsPerTransaction) throw new Error(`pgbench processed ${processed} transactions of ${betsPerTransaction} bets but wrote ${Number(written.n) - ids.length} bets`);
    return { tps: tps * betsPerTransaction, latency: /latency average = ([\d.]+) ms/.exec(out)?.[1], failed: /number of failed transactions: (\d+)/.exec(out)?.[1] ?? '0', split, cpu };
  }

  const bareServer = await startBareDiceServer(url.toString(), pool, house);
  const ratios: { app: number; bare: number; extended: number; group: number }[] = [];
  const cpuRows: string[] = [];
  const batchRows: string[] = [];
  console.log('| round | the app bets/s (p50 / p99 ms) | bare bets/s (p50 / p99 ms) | pgbench -M prepared tps (avg ms) | pgbench -M extended tps (avg ms) | app / pgbench prepared | app / pgbench extended | bare / pgbench prepared | app / bare | pgbench of the app\'s batch statement, one client: bets/s (bets per statement) | app / batch statement |\n|---|---|---|---|---|---|---|---|---|---|---|');
  try {
    for (let round = 1; round <= rounds; round++) {
      const ours = await http(port, appPlayers.map((p) => p.token), round === 1 ? process.env.BENCH_CPU_PROFILE : undefined);
      const sizes = app.wallet.batchSizes(instantBetSettlement);
      batchRows.push(`| ${round} | ${describeSizes(sizes)} |`);
      const group = Math.max(1, Math.round(sizes.items / sizes.batches));
      const bare = await http(bareServer.port, barePlayers.map((p) => p.token));
      const sqlRun = await pgbench('prepared');
      const parsedRun = await pgbench('extended');
      const groupRun = await pgbench('prepared', group);
      for (const run of [sqlRun, parsedRun, groupRun]) if (run.failed !== '0') throw new Error(`${run.failed} failed pgbench transactions`);
      ratios.push({ app: ours.requests / sqlRun.tps, bare: bare.requests / sqlRun.tps, extended: ours.requests / parsedRun.tps, group: ours.requests / groupRun.tps });
      const rate = (r: LoadResult) => `${Math.round(r.requests)} (${r.p50.toFixed(1)} / ${r.p99.toFixed(1)})`;
      const tps = (r: { tps: number; latency: string | undefined }) => `${Math.round(r.tps)} (${r.latency})`;
      console.log(`| ${round} | ${rate(ours)} | ${rate(bare)} | ${tps(sqlRun)} | ${tps(parsedRun)} | ${(ours.requests / sqlRun.tps).toFixed(2)} | ${(ours.requests / parsedRun.tps).toFixed(2)} | ${(bare.requests / sqlRun.tps).toFixed(2)} | ${(ours.requests / bare.requests).toFixed(2)} | ${Math.round(groupRun.tps)} (${group}) | ${(ours.requests / groupRun.tps).toFixed(2)} |`);
      cpuRows.push(`| ${round}, the app | ${cpuPerItem(ours.split, ours.cpu, ours.requests * duration)} |`);
      cpuRows.push(`| ${round}, bare | ${cpuPerItem(bare.split, bare.cpu, bare.requests * duration)} |`);
      cpuRows.push(`| ${round}, pgbench -M prepared | ${cpuPerItem(sqlRun.split, sqlRun.cpu, sqlRun.tps * duration)} |`);
      cpuRows.push(`| ${round}, pgbench -M extended | ${cpuPerItem(parsedRun.split, parsedRun.cpu, parsedRun.tps * duration)} |`);
      cpuRows.push(`| ${round}, pgbench batch statement | ${cpuPerItem(groupRun.split, groupRun.cpu, groupRun.tps * duration)} |`);
    }
  } finally {
    await bareServer.close();
  }
  console.log(`\n${cpuTableHeader('bet')}`);
  console.log(cpuRows.join('\n'));
  console.log('\n| round | the app\'s batch sizes (bets per statement) |\n|---|---|');
  console.log(batchRows.join('\n'));
  console.log('\n| round | the app\'s bets in the journal | counted by its metrics (shop_bets_total{game="dice"}) | difference | answered to wrk |\n|---|---|---|---|---|');
  console.log(metricRows.join('\n'));
  // Settled together, each bet must be what it would have been alone.
  const checked = await checkDiceOutcomes(app.db, [...appPlayers, ...barePlayers].map((p) => p.id));
  console.log(`\noutcomes: ${checked.toLocaleString('en')} bets of the app and bare each have their pair's fair roll at their own nonce, the dice rule's payout, every nonce used once; balance = ledger sum for every account`);
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  console.log(`\nmedian ratio app / pgbench -M prepared: ${median(ratios.map((r) => r.app)).toFixed(2)} (rounds: ${ratios.map((r) => r.app.toFixed(2)).join(', ')}), bare / pgbench -M prepared: ${median(ratios.map((r) => r.bare)).toFixed(2)}, app / pgbench -M extended: ${median(ratios.map((r) => r.extended)).toFixed(2)}, app / pgbench of the app's batch statement at its batch size: ${median(ratios.map((r) => r.group)).toFixed(2)} (rounds: ${ratios.map((r) => r.group.toFixed(2)).join(', ')})`);
  console.log(`(${connections} connections, ${duration} s per run, ${rounds} rounds, Node ${process.version})`);
} finally {
  await app.close();
  await drop();
}
