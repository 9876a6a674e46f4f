// Dice bets per second on the embedded database (PGlite, what `npm start` runs on): the whole app
// (`buildApp` on an in-memory PGlite, POST /api/dice/bet over HTTP from wrk) against raw PGlite
// running the very statement the app sends for one bet (the wallet's one-statement settlement,
// INSTANT_SETTLEMENT_SQL with the token guard and the stake gate's probe) in the same process, on the
// same database instance, one after the other. PGlite runs every query on the process's own thread,
// one at a time, so the reference is a loop that keeps one statement in flight per player, with
// values made like bench/dice/pgbenchScript.ts's (a coin-flip win, fixed params and outcome): the
// database's own limit for one bet per statement here; what the app adds is HTTP, auth, zod, the
// roll and the answer. The runs take turns for BENCH_ROUNDS rounds; the figure is the median ratio.
// Run: node_modules/.bin/node bench/dice/embedded.ts (needs wrk). BENCH_SECONDS (5), BENCH_CONNECTIONS
// (10), BENCH_ROUNDS (3).
import { openDatabase } from '../../server/db/database.ts';
import { buildApp } from '../../server/app.ts';
import { instantBetSettlement, instantSettlementRow, instantSettlementSql, instantSettlementValues } from '../../server/games/bets.ts';
import { liveTokenGuard } from '../../server/accounts/settlementGuard.ts';
import { tokenHash } from '../../server/accounts/tokens.ts';
import { INSTANT_STAKE_CONDITION } from '../../server/bonuses/maxBet.ts';
import { testConfig } from '../../tests/helpers/testConfig.ts';
import { benchPlayers, type BenchPlayer } from '../players.ts';
import { postLoad } from '../load/wrk.ts';
import { checkDiceOutcomes, describeSizes } from './groupChecks.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const INSTANT_SETTLEMENT_SQL = instantSettlementSql(liveTokenGuard, INSTANT_STAKE_CONDITION);

// The product's embedded buffer pool (the tests' is smaller: testConfig.ts).
const config = testConfig({ LOG_LEVEL: 'silent', PGLITE_SHARED_BUFFERS: '128MB' });
const database = await openDatabase(config.database);
const pglite = database.pglite!;
const app = await buildApp(config, { database, seed: false });
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const warmUp = { url: '/api/dice/bet', payload: { amount: 1, target: 49.5, direction: 'under' } };
  const appPlayers = await benchPlayers(app, connections, warmUp);
  const rawPlayers = await benchPlayers(app, connections, warmUp);
  const house = (await app.db.selectFrom('accounts').select('id').where('kind', '=', 'house').executeTakeFirstOrThrow()).id;

  async function viaHttp(players: BenchPlayer[]) {
    const load = (seconds: number) => postLoad({ url: `http://127.0.0.1:${port}/api/dice/bet`, seconds, body: JSON.stringify(warmUp.payload), tokens: players.map((p) => p.token) });
    await load(1);
    app.wallet.batchSizes(instantBetSettlement); // counts from here
    const result = await load(duration);
    if (result.errors > 0) throw new Error(`${result.errors} failed requests`);
    return result.requests;
  }

  // One player's bets, one statement after another, from its active pair's next nonce.
  async function rawPlayer(player: BenchPlayer, until: number): Promise<number> {
    const pair = (await pglite.query<{ id: number; client_seed: string; nonce: number }>('select id, client_seed, nonce from seed_pairs where user_id = $1 and revealed_at is null', [player.id])).rows[0]!;
    const guardValue = tokenHash(player.token);
    let nonce = Number(pair.nonce);
    let bets = 0;
    while (performance.now() < until) {
      nonce += 1;
      const win = Math.random() < 0.5;
      const values = instantSettlementValues(house, [
        instantSettlementRow({
          userId: player.id, guardValue, game: 'dice', amount: 100, payout: win ? 200 : 0, multiplier: 2, seedPairId: pair.id, clientSeed: pair.client_seed, nonce,
          params: { target: 49.5, direction: 'under' }, outcome: { roll: 12.34, win },
        }),
      ]);
      const settled = await pglite.query(INSTANT_SETTLEMENT_SQL, values);
      if (settled.rows.length !== 1) throw new Error(`raw bet of player ${player.id} at nonce ${nonce} not settled`);
      bets += 1;
    }
    return bets;
  }

  async function raw(players: BenchPlayer[]) {
    await Promise.all(players.map((p) => rawPlayer(p, performance.now() + 1000))); // warm-up
    const start = performance.now();
    const counts = await Promise.all(players.map((p) => rawPlayer(p, start + duration * 1000)));
    return counts.reduce((a, b) => a + b, 0) / ((performance.now() - start) / 1000);
  }

  const ratios: number[] = [];
  console.log('| round | the app bets/s (HTTP) | raw PGlite statements/s | app / raw | the app\'s batch sizes (bets per statement) |\n|---|---|---|---|---|');
  for (let round = 1; round <= rounds; round++) {
    const ours = await viaHttp(appPlayers);
    const sizes = describeSizes(app.wallet.batchSizes(instantBetSettlement));
    const reference = await raw(rawPlayers);
    ratios.push(ours / reference);
    console.log(`| ${round} | ${Math.round(ours)} | ${Math.round(reference)} | ${(ours / reference).toFixed(2)} | ${sizes} |`);
  }
  // Settled together, each bet must be what it would have been alone (the raw players' rolls are made up).
  const checked = await checkDiceOutcomes(app.db, appPlayers.map((p) => p.id));
  console.log(`\noutcomes: ${checked.toLocaleString('en')} bets of the app each have their pair's fair roll at their own nonce, the dice rule's payout, every nonce used once; balance = ledger sum for every account`);
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
  console.log(`\nmedian app / raw PGlite: ${median.toFixed(2)} (${connections} players, ${duration} s per run, ${rounds} rounds, Node ${process.version})`);
} finally {
  await app.close();
}
