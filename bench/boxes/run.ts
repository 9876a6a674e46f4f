// Box openings per second over HTTP on PostgreSQL (POST /api/boxes/gift-card-grab/open, quantity 1,
// through the whole app: auth, zod, the box read, and the wallet's one-statement settlement of the
// openings that arrive together: server/boxes/openingEffects.ts) against pgbench running the very
// statement the app sends, one opening per transaction (bench/boxes/pgbenchScript.ts), `-M prepared`
// (the app's protocol: its statement is named and prepared once per connection), on the same
// database in the same run; and beside them, as before, pgbench `-M extended` of bench/boxes/open.sql,
// the old dozen statements of an opening in a wallet transaction. The three take turns for
// BENCH_ROUNDS rounds, each after a CHECKPOINT; the figure is the median round's ratio. Then it checks
// the outcomes: every inventory row of the app's players holds the item its ticket picks, the ticket
// its pair's at its nonce, the nonces of each pair used once and all of them, pgbench's every
// transaction wrote its opening, and every balance is its ledger's sum.
// Run: node_modules/.bin/node bench/boxes/run.ts (needs wrk and pgbench)
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: a scratch database is
//   created beside it and dropped at the end), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20),
//   BENCH_ROUNDS (default 3), BENCH_SETTLEMENT_THREAD=off (the app's batches on its HTTP thread's pool
//   instead of the settlement thread, server/wallet/settlementThread.ts: the A/B),
//   BENCH_CPU_PROFILE=file.cpuprofile (a V8 profile of the app's main thread during its first HTTP run).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createBenchDatabase } from '../database.ts';
import { benchPlayers, pgbenchPlayers } from '../players.ts';
import { startCpuProfile } from '../cpuProfile.ts';
import { countCpu, cpuPerItem, cpuTableHeader, runCounted, type CpuSplit } from '../cpuTime.ts';
import { postLoad, type LoadResult } from '../load/wrk.ts';
import { describeSizes } from '../dice/groupChecks.ts';
import { pgbenchGroupScript, pgbenchScript, type BenchOpening } from './pgbenchScript.ts';
import { SETTLEMENT_SESSION_OPTIONS } from '../../server/db/settlementConnection.ts';
import { buildApp } from '../../server/app.ts';
import { benchServerConfig } from '../serverConfig.ts';
import { catalogSeedStep } from '../../server/boxes/seedCatalog.ts';
import { findBox, boxImgUrl, itemImgUrl } from '../../server/boxes/catalog.ts';
import { pickByTicket, ticket, ticketRanges } from '../../core/fair/index.ts';
import { booksState } from '../../tests/helpers/books.ts';
import { openingSettlement } from '../../server/boxes/openingEffects.ts';

const SLUG = 'gift-card-grab';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const { url, drop } = await createBenchDatabase('bench_boxes');

const app = await buildApp(benchServerConfig({ DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: String(connections) }), { seed: false, settlementThread: process.env.BENCH_SETTLEMENT_THREAD !== 'off' });
await catalogSeedStep.run(app);
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const box = (await findBox(app.db, 'box', SLUG))!;
  const first = box.items[0]!;
  const opening: BenchOpening = {
    box: { id: box.id, versionId: box.version_id!, price: box.price, slug: box.slug, name: box.name, imgUrl: boxImgUrl(box.slug) },
    item: { id: first.id, name: first.name, rarity: first.rarity, imgUrl: itemImgUrl(first), price: first.price, salePrice: first.sale_price },
  };
  if (pickByTicket(1, ticketRanges(box.items.map((i) => i.odds_units))) !== 0) throw new Error('ticket 1 must pick the first item');
  const house = (await app.db.selectFrom('accounts').select('id').where('kind', '=', 'house').executeTakeFirstOrThrow()).id;

  // Players with ample balance, one per connection of each run, so that no run finds rows another
  // has made hot; each opened once already (its pair exists, the app remembers it and the token).
  const opening1 = { url: `/api/boxes/${SLUG}/open`, payload: { quantity: 1 } };
  const players = (count: number) => benchPlayers(app, count, opening1);
  const appPlayers = await players(connections);
  const oldPlayers = await players(connections);
  if (oldPlayers.some((p, i) => p.id !== oldPlayers[0]!.id + i)) throw new Error('pgbench players need consecutive ids');

  const checkpoint = () => sql`checkpoint`.execute(app.db);
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const body = JSON.stringify({ quantity: 1 });

  async function http(profileTo?: string): Promise<LoadResult & { split: CpuSplit }> {
    const run = (seconds: number) => postLoad({ url: `http://127.0.0.1:${port}/api/boxes/${SLUG}/open`, seconds, body, tokens: appPlayers.map((p) => p.token) });
    await run(2); // warm the JIT
    await checkpoint();
    app.wallet.batchSizes(openingSettlement); // counts from here
    const stopProfile = await startCpuProfile(profileTo);
    const counting = countCpu();
    const result = await run(duration);
    const split = counting();
    await stopProfile();
    // A run with failed openings measures something else: refuse to print it as a figure.
    if (result.errors > 0) throw new Error(`${result.errors} failed openings`);
    return { ...result, split };
  }

  const inventoryOf = async (ids: number[]) => Number((await app.db.selectFrom('inventory_items').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', 'in', ids).executeTakeFirstOrThrow()).n);

  // `perTransaction` openings in each transaction (the batch statement's arrays), from `clients` clients.
  // The batch statement (perTransaction > 1) runs in a session set as the app's settlement thread sets its connections (its plan kept).
  async function pgbench(mode: 'prepared' | 'extended', script: string, args: string[], ids: number[], clients = connections, perTransaction = 1) {
    const env = perTransaction > 1 ? { ...process.env, PGOPTIONS: SETTLEMENT_SESSION_OPTIONS } : process.env;
    const file = path.join(tmpdir(), `bench-boxes-${process.pid}.sql`);
    writeFileSync(file, script);
    const before = await inventoryOf(ids);
    await checkpoint();
    const counting = countCpu();
    const { stdout: out, cpu } = await runCounted('pgbench', ['-n', '-M', mode, '-c', String(clients), '-j', String(Math.min(2, clients)), '-T', String(duration), ...args, '-f', file, url.toString()], env);
    const split = counting();
    rmSync(file);
    const failed = /number of failed transactions: (\d+)/.exec(out)?.[1] ?? '0';
    if (failed !== '0') throw new Error(`${failed} failed pgbench transactions`);
    // A statement whose gate let nothing through still counts as a transaction for pgbench: check
    // that every one wrote its opening.
    const processed = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
    const written = (await inventoryOf(ids)) - before;
    if (written !== processed * perTransaction) throw new Error(`pgbench -M ${mode} processed ${processed} transactions of ${perTransaction} openings but wrote ${written}`);
    return { tps: Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN) * perTransaction, latency: /latency average = ([\d.]+) ms/.exec(out)?.[1] ?? '?', split, cpu };
  }

  const statementRun = async () => {
    // The statement's pgbench players, new each round (their pairs made predictable: bench/players.ts).
    const { ids, firstPair } = await pgbenchPlayers(app, connections, opening1);
    const args = ['-D', `lo=${ids[0]}`, '-D', `pairlo=${firstPair.id}`, '-D', `nonce=${firstPair.nonce}`, '-D', `house=${house}`];
    return { ids, ...(await pgbench('prepared', pgbenchScript(opening), args, ids)) };
  };
  // The database's limit for this design: ONE client sending the app's batch statement with `batch`
  // openings (the app's mean batch of the round), back to back, as the app keeps one statement in flight.
  const groupRun = async (batch: number) => {
    const { ids, firstPair } = await pgbenchPlayers(app, batch, opening1);
    const args = ['-D', `lo=${ids[0]}`, '-D', `pairlo=${firstPair.id}`, '-D', `nonce=${firstPair.nonce}`, '-D', `house=${house}`, '-D', `batch=${batch}`];
    return { ids, ...(await pgbench('prepared', pgbenchGroupScript(opening, batch), args, ids, 1, batch)) };
  };
  const oldScript = readFileSync(path.join(import.meta.dirname, 'open.sql'), 'utf8');
  const oldRun = () =>
    pgbench(
      'extended',
      oldScript,
      ['-D', `lo=${oldPlayers[0]!.id}`, '-D', `house=${house}`, '-D', `box=${box.id}`, '-D', `version=${box.version_id}`, '-D', `price=${box.price}`, '-D', `negprice=-${box.price}`, '-D', `item=${first.id}`],
      oldPlayers.map((p) => p.id),
    );

  const ratios: number[] = [];
  const groupRatios: number[] = [];
  const batchRows: string[] = [];
  const cpuRows: string[] = [];
  const statementIds: number[] = [];
  console.log('| round | load before | the app openings/s (p50 / p99 ms) | pgbench -M prepared, the app\'s statement, tps (avg ms) | pgbench -M extended, the old dozen statements, tps (avg ms) | app / statement | app / old | pgbench of the app\'s batch statement, one client: openings/s (per statement) | app / batch statement |\n|---|---|---|---|---|---|---|---|---|');
  for (let round = 1; round <= rounds; round++) {
    const loadBefore = load();
    const ours = await http(round === 1 ? process.env.BENCH_CPU_PROFILE : undefined);
    const sizes = app.wallet.batchSizes(openingSettlement);
    batchRows.push(`| ${round} | ${describeSizes(sizes)} |`);
    const batch = Math.max(1, Math.round(sizes.items / sizes.batches));
    const statement = await statementRun();
    statementIds.push(...statement.ids);
    const old = await oldRun();
    const grouped = await groupRun(batch);
    statementIds.push(...grouped.ids);
    ratios.push(ours.requests / statement.tps);
    groupRatios.push(ours.requests / grouped.tps);
    cpuRows.push(`| ${round}, the app | ${cpuPerItem(ours.split, ours.cpu, ours.requests * duration)} |`);
    cpuRows.push(`| ${round}, pgbench -M prepared | ${cpuPerItem(statement.split, statement.cpu, statement.tps * duration)} |`);
    cpuRows.push(`| ${round}, pgbench batch statement | ${cpuPerItem(grouped.split, grouped.cpu, grouped.tps * duration)} |`);
    console.log(`| ${round} | ${loadBefore} | ${Math.round(ours.requests)} (${ours.p50.toFixed(1)} / ${ours.p99.toFixed(1)}) | ${Math.round(statement.tps)} (${statement.latency}) | ${Math.round(old.tps)} (${old.latency}) | ${(ours.requests / statement.tps).toFixed(2)} | ${(ours.requests / old.tps).toFixed(2)} | ${Math.round(grouped.tps)} (${batch}) | ${(ours.requests / grouped.tps).toFixed(2)} |`);
  }
  console.log(`\n${cpuTableHeader('opening')}`);
  console.log(cpuRows.join('\n'));
  console.log('\n| round | the app\'s batch sizes (opening requests per statement) |\n|---|---|');
  console.log(batchRows.join('\n'));

  // Settled together, each opening must be what it would have been alone.
  const ranges = ticketRanges(box.items.map((i) => i.odds_units));
  const rows = await app.db
    .selectFrom('inventory_items as i')
    .innerJoin('seed_pairs as p', 'p.id', 'i.seed_pair_id')
    .select(['i.user_id', 'i.item_id', 'i.nonce', 'i.ticket', 'i.box_version_id', 'p.id as pair', 'p.server_seed', 'p.client_seed', 'p.nonce as pair_nonce'])
    .where('i.user_id', 'in', appPlayers.map((p) => p.id))
    .execute();
  const used = new Map<number, Set<number>>();
  for (const r of rows) {
    const nonce = Number(r.nonce);
    const fair = ticket(r.server_seed, r.client_seed, nonce);
    if (r.ticket !== fair || r.item_id !== box.items[pickByTicket(fair, ranges)]!.id || r.box_version_id !== box.version_id) throw new Error(`opening of user ${r.user_id} at nonce ${nonce}: ticket ${r.ticket} item ${r.item_id}, the pair gives ticket ${fair}`);
    const nonces = used.get(r.pair) ?? new Set<number>();
    if (nonces.has(nonce)) throw new Error(`nonce ${nonce} of pair ${r.pair} used twice`);
    used.set(r.pair, nonces.add(nonce));
  }
  for (const r of rows) if (used.get(r.pair)!.size !== Number(r.pair_nonce)) throw new Error(`pair ${r.pair} stands at nonce ${r.pair_nonce} but has ${used.get(r.pair)!.size} openings`);
  const books = await booksState(app.db);
  if (books.total !== 0) throw new Error(`the ledger sums to ${books.total}, not 0`);
  if (books.mismatches.length > 0 || books.negative.length > 0) throw new Error(`balance ≠ ledger sum or below zero: ${JSON.stringify(books)}`);
  console.log(`\noutcomes: ${rows.length.toLocaleString('en')} openings of the app each hold the item their ticket picks, the ticket their pair's at their own nonce, every nonce used once; every pgbench transaction wrote its opening; balance = ledger sum for every account`);
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  console.log(`\nmedian ratio app / pgbench -M prepared of the app's statement: ${median(ratios).toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')})`);
  console.log(`median ratio app / pgbench of the app's batch statement at its batch size, one client: ${median(groupRatios).toFixed(2)} (rounds: ${groupRatios.map((r) => r.toFixed(2)).join(', ')})`);
  console.log(`(${connections} connections, ${duration} s per run, ${rounds} rounds, Node ${process.version})`);
} finally {
  await app.close();
  await drop();
}
