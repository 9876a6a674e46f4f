// Dice bets per second over HTTP on PostgreSQL (POST /api/dice/bet through the whole app: auth,
// zod, the wallet's one-statement settlement with the seed-pair nonce, bet row and XP), against pgbench running
// the same SQL (bench/dice/pgbenchScript.ts) on the same database in the same run, one after the other; and
// between them the same bet served by bare node:http + node-postgres (bench/dice/bareServer.ts), the
// floor of any Node server sending these statements. Each run also says where the CPU went.
// Run: node_modules/.bin/node bench/dice/run.ts (needs wrk and pgbench: apt-get install -y wrk)
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: a scratch database is
//   created beside it and dropped at the end), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20),
//   BENCH_CPU_PROFILE=file.cpuprofile (a V8 profile of the app's main thread during its HTTP run).
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { createBenchDatabase } from '../database.ts';
import { benchPlayers } from '../players.ts';
import { countCpu, runCounted, type CpuSplit } from '../cpuTime.ts';
import { postLoad, type LoadResult } from '../load/wrk.ts';
import { startBareDiceServer } from './bareServer.ts';
import { pgbenchScript } from './pgbenchScript.ts';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const { url, drop } = await createBenchDatabase('bench_dice');

const app = await buildApp(testConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: String(connections) }), { seed: false });
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  // Three groups of players with ample balance, one per connection of each run, so no run finds
  // rows another has made hot. Each has a seed pair already.
  const players = (count: number) => benchPlayers(app, count, { url: '/api/dice/bet', payload: { amount: 1, target: 49.5, direction: 'under' } });
  const appPlayers = await players(connections);
  const barePlayers = await players(connections);
  const sqlPlayers = await players(connections);
  if (sqlPlayers.some((p, i) => p.id !== sqlPlayers[0]!.id + i)) throw new Error('pgbench players need consecutive ids');
  // pgbench's script plays each pgbench player's active pair as the app does its remembered one: by id,
  // client seed and nonce. pgbench cannot read them per client, so they are made predictable here.
  const sqlPairs = await app.db
    .updateTable('seed_pairs')
    .set({ client_seed: 'bench' })
    .where('user_id', 'in', sqlPlayers.map((p) => p.id))
    .where('revealed_at', 'is', null)
    .returning(['id', 'nonce'])
    .execute();
  sqlPairs.sort((x, y) => x.id - y.id);
  if (sqlPairs.some((p, i) => p.id !== sqlPairs[0]!.id + i || p.nonce !== sqlPairs[0]!.nonce)) throw new Error('pgbench players need consecutive seed pairs at one nonce');
  const house = (await app.db.selectFrom('accounts').select('id').where('kind', '=', 'house').executeTakeFirstOrThrow()).id;

  const body = JSON.stringify({ amount: 1, target: 49.5, direction: 'under' });
  async function http(serverPort: number, tokens: string[], profileTo?: string): Promise<LoadResult & { split: CpuSplit }> {
    const load = (seconds: number) => postLoad({ url: `http://127.0.0.1:${serverPort}/api/dice/bet`, seconds, body, tokens });
    await load(2); // warm the JIT
    const profile = profileTo ? new Session() : null;
    if (profile) {
      profile.connect();
      await profile.post('Profiler.enable');
      await profile.post('Profiler.start');
    }
    const counting = countCpu();
    const result = await load(duration);
    const split = counting();
    if (profile) {
      writeFileSync(profileTo!, JSON.stringify((await profile.post('Profiler.stop')).profile));
      profile.disconnect();
    }
    // A run with failed bets measures something else: refuse to print it as a figure.
    if (result.errors > 0) throw new Error(`${result.errors} failed requests on port ${serverPort}`);
    return { ...result, split };
  }

  const ours = await http(port, appPlayers.map((p) => p.token), process.env.BENCH_CPU_PROFILE);
  const bareServer = await startBareDiceServer(url.toString(), connections, house);
  const bare = await http(bareServer.port, barePlayers.map((p) => p.token)).finally(() => bareServer.close());

  const script = path.join(tmpdir(), `bench-dice-${process.pid}.sql`);
  writeFileSync(script, pgbenchScript());
  const args = ['-n', '-M', 'extended', '-c', String(connections), '-j', '2', '-T', String(duration), '-D', `lo=${sqlPlayers[0]!.id}`, '-D', `pairlo=${sqlPairs[0]!.id}`, '-D', `nonce=${sqlPairs[0]!.nonce}`, '-D', `house=${house}`, '-f', script, url.toString()];
  const sqlCpu = countCpu();
  const { stdout: out, cpu: pgbenchCpu } = await runCounted('pgbench', args);
  const sqlSplit = sqlCpu();
  rmSync(script);
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
  const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(out)?.[1] ?? '0';
  // A settlement whose gate let nothing through still counts as a transaction for pgbench: check
  // that every one wrote its bet (the warm-up wrote one per player).
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
  const written = await app.db.selectFrom('game_bets').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', 'in', sqlPlayers.map((p) => p.id)).executeTakeFirstOrThrow();
  if (Number(written.n) !== processed + connections) throw new Error(`pgbench processed ${processed} bets but wrote ${Number(written.n) - connections}`);

  console.log('| run | bets/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
  console.log(`| HTTP POST /api/dice/bet, the app | ${Math.round(ours.requests)} | ${ours.p50} | ${ours.p99} | ${ours.errors} |`);
  console.log(`| HTTP, bare node:http + node-postgres | ${Math.round(bare.requests)} | ${bare.p50} | ${bare.p99} | ${bare.errors} |`);
  console.log(`| pgbench, the same SQL | ${Math.round(tps)} | avg ${latency} | – | ${failed} |`);
  // CPU milliseconds per bet, by who spent them: the ratio's cause is where the cores went.
  const perBet = (split: CpuSplit, loader: number, bets: number) =>
    [split.postgres, split.mainThread, split.otherThreads, loader, Math.max(0, split.rest - loader), split.idle].map((s) => ((s * 1000) / bets).toFixed(2)).join(' | ');
  console.log('\n| run | CPU ms per bet: PostgreSQL | server main thread | other server threads | load generator (wrk / pgbench) | other jobs | idle |\n|---|---|---|---|---|---|---|');
  console.log(`| the app | ${perBet(ours.split, ours.cpu, ours.requests * duration)} |`);
  console.log(`| bare | ${perBet(bare.split, bare.cpu, bare.requests * duration)} |`);
  console.log(`| pgbench | ${perBet(sqlSplit, pgbenchCpu, tps * duration)} |`);
  console.log(`\nratio app / pgbench: ${(ours.requests / tps).toFixed(2)}, bare / pgbench: ${(bare.requests / tps).toFixed(2)}, app / bare: ${(ours.requests / bare.requests).toFixed(2)}`);
  console.log(`(${connections} connections, ${duration} s each, Node ${process.version})`);
} finally {
  await app.close();
  await drop();
}
