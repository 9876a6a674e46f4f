// Box openings per second over HTTP on PostgreSQL (POST /api/boxes/gift-card-grab/open, quantity 1,
// through the whole app: auth, zod, box lookup, one wallet transaction with debit, seed-pair nonce,
// inventory row, drop row, box counter and XP) against pgbench running the same SQL
// (bench/boxes/open.sql) on the same database in the same run, one after the other.
// Run: node_modules/.bin/node bench/boxes/run.ts
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: a scratch database is
//   created beside it and dropped at the end), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase } from '../database.ts';
import { benchPlayers } from '../players.ts';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../tests/helpers/testConfig.ts';
import { catalogSeedStep } from '../../server/boxes/seedCatalog.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const { url, drop } = await createBenchDatabase('bench_boxes');

const app = await buildApp(testConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: String(connections) }), { seed: false });
await catalogSeedStep.run(app);
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  // Two groups of players with ample balance: one per HTTP connection, then one per pgbench client,
  // so neither run finds rows the other has made hot. Each has a seed pair already.
  const players = (count: number) => benchPlayers(app, count, { url: '/api/boxes/gift-card-grab/open', payload: { quantity: 1 } });
  const httpPlayers = await players(connections);
  const sqlPlayers = await players(connections);
  if (sqlPlayers.some((p, i) => p.id !== sqlPlayers[0]!.id + i)) throw new Error('pgbench players need consecutive ids');

  let next = 0;
  const body = JSON.stringify({ quantity: 1 });
  const cannon = (seconds: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}/api/boxes/gift-card-grab/open`,
      method: 'POST',
      connections,
      duration: seconds,
      headers: { 'content-type': 'application/json' },
      body,
      setupClient: (client) => {
        const player = httpPlayers[next++ % httpPlayers.length]!;
        client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${player.token}` });
      },
    });
  await cannon(2); // warm the JIT
  const http = await cannon(duration);

  const house = (await app.db.selectFrom('accounts').select('id').where('kind', '=', 'house').executeTakeFirstOrThrow()).id;
  const script = path.join(import.meta.dirname, 'open.sql');
  const box = (await app.db.selectFrom('boxes').select(['id', 'price', 'version_id']).where('slug', '=', 'gift-card-grab').executeTakeFirstOrThrow());
  const item = (await app.db.selectFrom('box_items').select('item_id').where('box_id', '=', box.id).orderBy('position').executeTakeFirstOrThrow()).item_id;
  const args = ['-n', '-M', 'extended', '-c', String(connections), '-j', '2', '-T', String(duration), '-D', `lo=${sqlPlayers[0]!.id}`, '-D', `house=${house}`, '-D', `box=${box.id}`, '-D', `version=${box.version_id}`, '-D', `price=${box.price}`, '-D', `negprice=-${box.price}`, '-D', `item=${item}`, '-f', script, url.toString()];
  // Async on purpose: a synchronous child would freeze this process's event loop while openings
  // still in flight hold row locks pgbench's clients wait on, and pgbench would wait forever.
  const { stdout: out } = await promisify(execFile)('pgbench', args, { encoding: 'utf8' });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
  const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(out)?.[1] ?? '0';

  const rps = http.requests.average;
  console.log('| run | openings/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
  console.log(`| HTTP POST /api/boxes/gift-card-grab/open | ${Math.round(rps)} | ${http.latency.p50} | ${http.latency.p99} | ${http.errors + http.non2xx} |`);
  console.log(`| pgbench bench/boxes/open.sql | ${Math.round(tps)} | avg ${latency} | – | ${failed} |`);
  console.log(`\nratio HTTP / pgbench: ${(rps / tps).toFixed(2)} (${connections} connections, ${duration} s each, Node ${process.version})`);
} finally {
  await app.close();
  await drop();
}
