// Dice bets per second over HTTP on PostgreSQL (POST /api/dice/bet through the whole app: auth,
// zod, one wallet transaction with the seed-pair nonce, bet row and XP), against pgbench running
// the same SQL (bench/dice/bet.sql) on the same database in the same run, one after the other.
// Run: node_modules/.bin/node bench/dice/run.ts
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: a scratch database is
//   created beside it and dropped at the end), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createScratchDatabase } from '../scratchDatabase.ts';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { createUser } from '../../server/accounts/users.ts';
import { issueAccessToken } from '../../server/accounts/tokens.ts';
import type { LoadJob } from './load.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const { url, drop } = await createScratchDatabase('bench_dice');

const app = await buildApp(testConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: String(connections) }), { seed: false });
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  // Two groups of players with ample balance: one per HTTP connection, then one per pgbench client,
  // so neither run finds rows the other has made hot. Each has a seed pair already.
  async function players(count: number) {
    const out: { id: number; token: string }[] = [];
    for (let i = 0; i < count; i++) {
      const id = await createUser(app.db, app.wallet, { name: `Bench${randomUUID().slice(0, 6)}`, email: `${randomUUID()}@bench.test`, passwordHash: null, verified: true });
      await app.wallet.transaction((tx) => tx.credit({ userId: id, amount: 1_000_000_000, reason: 'bench_grant' }));
      const { token } = await issueAccessToken(app.db, id, app.config.oauth.clientId, 3600);
      const res = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: { authorization: `Bearer ${token}` }, payload: { amount: 1, target: 49.5, direction: 'under' } });
      if (res.statusCode !== 200) throw new Error(`warm-up bet failed: ${res.body}`);
      out.push({ id, token });
    }
    return out;
  }
  const httpPlayers = await players(connections);
  const sqlPlayers = await players(connections);
  if (sqlPlayers.some((p, i) => p.id !== sqlPlayers[0]!.id + i)) throw new Error('pgbench players need consecutive ids');

  const body = JSON.stringify({ amount: 1, target: 49.5, direction: 'under' });
  // autocannon runs in a worker thread (bench/dice/load.ts), not on the server's event loop.
  const cannon = (seconds: number) =>
    new Promise<{ requests: number; p50: number; p99: number; errors: number }>((resolve, reject) => {
      const job: LoadJob = { url: `http://127.0.0.1:${port}/api/dice/bet`, connections, seconds, body, tokens: httpPlayers.map((p) => p.token) };
      const worker = new Worker(new URL('./load.ts', import.meta.url), { workerData: job });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  await cannon(2); // warm the JIT
  const http = await cannon(duration);

  const house = (await app.db.selectFrom('accounts').select('id').where('kind', '=', 'house').executeTakeFirstOrThrow()).id;
  const script = path.join(import.meta.dirname, 'bet.sql');
  const args = ['-n', '-M', 'extended', '-c', String(connections), '-j', '2', '-T', String(duration), '-D', `lo=${sqlPlayers[0]!.id}`, '-D', `house=${house}`, '-f', script, url.toString()];
  const out = execFileSync('pgbench', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
  const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(out)?.[1] ?? '0';

  const rps = http.requests;
  console.log('| run | bets/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
  console.log(`| HTTP POST /api/dice/bet | ${Math.round(rps)} | ${http.p50} | ${http.p99} | ${http.errors} |`);
  console.log(`| pgbench bench/dice/bet.sql | ${Math.round(tps)} | avg ${latency} | – | ${failed} |`);
  console.log(`\nratio HTTP / pgbench: ${(rps / tps).toFixed(2)} (${connections} connections, ${duration} s each, Node ${process.version})`);
} finally {
  await app.close();
  await drop();
}
