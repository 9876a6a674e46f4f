import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { crashHundredthsAt, crashPayout } from '../../../../core/games/crash.ts';
import { crashPoint } from '../../../../core/fair/hashChain.ts';
import { knownChainSeed } from '../../../../server/fair/hashChains.ts';
import { openDatabase, type DatabaseHandle } from '../../../../server/db/database.ts';
import { fundedPlayer, killServerProcess, startServerProcess, type ServerProcess } from '../../../helpers/serverProcess.ts';
import { createTestServices, type TestServices } from '../../../helpers/testServices.ts';
import { hasPostgres } from '../../../helpers/testApp.ts';
import { createScratchDatabase } from '../../../helpers/scratchDatabase.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { expectRoundBetsSettledOnce } from '../../../helpers/roundSettlement.ts';

// The restart rule on PostgreSQL with real server processes: the leader running crash rounds is
// killed (SIGKILL) once while its round is `starting` and once while it is `in_progress`; the
// standby node takes the leader lock and ends the unfinished round. Every accepted bet ends
// settled or refunded within 10 s of the kill, exactly once (one credit per bet at most), and
// the ledger sums to every balance. The standby reports itself the leader (shop_leader, its
// metrics) within a leader poll of the kill: the drill of docs/operations.md, "Drills".

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A known chain (FAIR_CHAIN_SEED and FAIR_CRASH_SALT, test only). With a random chain the tests
// waited through whatever the rounds flew: a mean flight of about 17 s with a long tail, a third of
// rounds reaching 3×. This one's first 18 rounds all crash below 4.00× (at most 23 s of flight) and
// one in three or four reaches 3.00× (games 4, 5, 7, 11, 15, 18); it was picked by playing this file's
// timeline against the chain with server starts of 5 to 24 s. The tests still wait on the rounds as
// they come; `planned` only checks that the servers play this chain.
const CHAIN = { seed: 'crash-restart', salt: 'm75301', length: 20_000 };
const planned: number[] = (() => {
  const hashes = [knownChainSeed(CHAIN.seed, 'crash')];
  for (let i = 0; i < CHAIN.length; i++) hashes.push(createHash('sha256').update(hashes[i]!).digest('hex'));
  // Game n uses h_{L−n} (docs/fairness.md).
  return Array.from({ length: 19 }, (_, game) => (game === 0 ? NaN : crashPoint(hashes[CHAIN.length - game]!, CHAIN.salt)));
})();

type Node = ServerProcess;

const LEADER_POLL_MS = 200;
const METRICS_TOKEN = 'crash-restart-metrics-token-of-32-chars';

/** The node's own word on its leadership: shop_leader in its metrics (server/metrics/nodeMetrics.ts). */
async function leads(node: Node): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${node.port}/api/admin/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).catch(() => null);
  return res?.ok === true && /^shop_leader 1$/m.test(await res.text());
}

describe.runIf(hasPostgres)('crash restart rule with server processes on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;
  let services: TestServices;
  const nodes: Node[] = [];

  async function startNode(): Promise<Node> {
    const node = await startServerProcess({
      DATABASE_URL: database.url.toString(),
      SEED_DEMO: 'false',
      LEADER_POLL_MS: String(LEADER_POLL_MS),
      METRICS_TOKEN,
      FAIR_CHAIN_LENGTH: String(CHAIN.length),
      FAIR_CHAIN_SEED: CHAIN.seed,
      FAIR_CRASH_SALT: CHAIN.salt,
      CRASH_BETTING_MS: '3000',
      CRASH_PENDING_MS: '300',
      CRASH_PAUSE_MS: '500',
      WHEEL_ENABLED: 'false',
    });
    nodes.push(node);
    return node;
  }

  const kill = killServerProcess;

  const post = (node: Node, path: string, token: string, body: unknown = {}) =>
    fetch(`http://127.0.0.1:${node.port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, json: await r.json() }));

  const player = (balance: number) => fundedPlayer(services, balance);

  async function openRound() {
    return handle.db.selectFrom('rounds').selectAll().where('game', '=', 'crash').where('status', '<>', 'ended').executeTakeFirst();
  }

  /** Waits for a round taking bets with at least `marginMs` left and a crash point ≥ minCrash. */
  async function bettingRound(minCrash: number, marginMs: number) {
    const deadline = Date.now() + 150_000;
    const seen = new Map<number, string>();
    while (Date.now() < deadline) {
      const r = await openRound();
      if (r) seen.set(r.id, `${r.status} ${Number(r.outcome.crash_point)}`);
      if (r && r.game_number < planned.length) expect(Number(r.outcome.crash_point), `game ${r.game_number} of the planned chain`).toBe(planned[r.game_number]);
      if (r && r.status === 'starting' && new Date(r.betting_ends_at!).getTime() - Date.now() > marginMs && Number(r.outcome.crash_point) >= minCrash) return r;
      await sleep(50);
    }
    throw new Error(`no suitable round; seen: ${JSON.stringify([...seen])}\n${nodes.map((n) => n.output()).join('\n')}`);
  }

  async function roundEnded(id: number, within: number) {
    const deadline = Date.now() + within;
    while (Date.now() < deadline) {
      const r = await handle.db.selectFrom('rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (r.status === 'ended') return r;
      await sleep(50);
    }
    return null;
  }

  const expectSettledOnce = (roundId: number) => expectRoundBetsSettledOnce(handle.db, roundId);

  beforeAll(async () => {
    database = await createScratchDatabase('shop_crash');
    await startNode(); // the leader: the first to take the lock
    handle = await openDatabase({ kind: 'postgres', url: database.url.toString(), poolSize: 4 });
    // The players are funded through the services the server runs on (createServices), which migrate the database first.
    services = await createTestServices({}, undefined, { database: handle });
    await startNode(); // the standby
  }, 150_000);

  afterAll(async () => {
    await Promise.all(nodes.map(kill));
    // Closes the database handle it was given.
    await services?.close();
    await database?.drop();
  }, 60_000);

  it('a leader killed while its round is `starting`: the new leader refunds every bet once', async () => {
    const [leader, standby] = nodes as [Node, Node];
    const players = await Promise.all([0, 1, 2].map(() => player(10_000)));
    const round = await bettingRound(1, 1500);
    // Bets through both nodes: any node takes bets.
    const placed = await Promise.all(players.map((p, i) => post(i % 2 ? standby : leader, '/api/crash/bet', p.token, { amount: 12.34, auto_cashout: i === 0 ? 1.5 : null })));
    for (const res of placed) expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await leads(leader)).toBe(true);
    expect(await leads(standby)).toBe(false);
    await kill(leader);
    const killedAt = Date.now();
    // PostgreSQL ends the killed node's session, and with it the leader lock, as its connection
    // drops; the standby's next try (every LEADER_POLL_MS) takes it. A second on top for a loaded
    // machine's scrape.
    while (!(await leads(standby)) && Date.now() - killedAt < LEADER_POLL_MS + 1000) await sleep(20);
    const tookOverMs = Date.now() - killedAt;
    expect(tookOverMs, 'the standby leads within a leader poll of the kill').toBeLessThan(LEADER_POLL_MS + 1000);
    console.info(`crash restart: the standby led ${tookOverMs} ms after the kill (LEADER_POLL_MS ${LEADER_POLL_MS})`);
    const ended = await roundEnded(round.id, 10_000);
    expect(ended, 'the round ended within 10 s of the kill').not.toBeNull();
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    expect(ended!.voided).toBe(true);
    const bets = await expectSettledOnce(round.id);
    expect(bets.map((b) => b.status)).toEqual(['refunded', 'refunded', 'refunded']);
    for (const p of players) expect((await handle.db.selectFrom('accounts').select('balance').where('user_id', '=', p.id).executeTakeFirstOrThrow()).balance).toBe(10_000);
    await expectLedgerBalanced(handle);
    // Play goes on under the new leader.
    const next = await bettingRound(1, 0);
    expect(next.id).toBeGreaterThan(round.id);
    // As long as the next test's: bettingRound waits up to 150 s on a loaded machine and then names
    // the rounds it saw and the nodes' output; a shorter limit cut it off with a bare timeout (a
    // clean-clone CI run: this test took 46 s in one and passed 60 s in another, 2–4 s alone).
  }, 240_000);

  it('a leader killed while its round is `in_progress`: reached and certain auto cash-outs are paid at their target, open bets refunded, each once', async () => {
    const third = await startNode(); // the next standby
    const leader = nodes[1]!;
    const [auto12, manual, open, auto25] = await Promise.all([0, 1, 2, 3].map(() => player(10_000)));
    const round = await bettingRound(3, 1500);
    const bets = [
      [auto12!, { amount: 10, auto_cashout: 1.2 }],
      [manual!, { amount: 10 }],
      [open!, { amount: 10 }],
      [auto25!, { amount: 10, auto_cashout: 2.5 }],
    ] as const;
    for (const [p, body] of bets) expect((await post(third, '/api/crash/bet', p.token, body)).status).toBe(200);
    const startsAt = new Date(round.starts_at!).getTime();
    // 1.30× is reached 4 373 ms after the launch: the player cashes out through the standby node.
    // A loaded machine may write the launch late: the player sees the rocket fly before cashing out,
    // and times the cash-out from the launch the round records (the server values it from that one).
    let flying = await openRound();
    while (flying?.status !== 'in_progress' && Date.now() < startsAt + 10_000) {
      await sleep(50);
      flying = await openRound();
    }
    const launchedAt = new Date(flying!.launched_at!).getTime();
    await sleep(launchedAt + 4400 - Date.now());
    const cashOut = await post(third, '/api/crash/close-bet', manual!.token);
    expect(cashOut.status, JSON.stringify(cashOut.json)).toBe(200);
    expect(cashOut.json.data.multiplier).toBeGreaterThanOrEqual(1.3);
    await sleep(300);
    expect((await openRound())?.status).toBe('in_progress');
    await kill(leader);
    const killedAt = Date.now();
    const ended = await roundEnded(round.id, 10_000);
    expect(ended, 'the round ended within 10 s of the kill').not.toBeNull();
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    expect(ended!.voided).toBe(false);
    const rows = await expectSettledOnce(round.id);
    const byUser = new Map(rows.map((b) => [b.user_id, b]));
    expect(byUser.get(auto12!.id)).toMatchObject({ status: 'cashed_out', payout: crashPayout(1000, 120), closed_by: 'auto' });
    expect(byUser.get(manual!.id)).toMatchObject({ status: 'cashed_out', closed_by: 'player', payout: Math.round(cashOut.json.data.payout * 100) });
    expect(Number(byUser.get(manual!.id)!.multiplier)).toBeLessThanOrEqual(crashHundredthsAt(5000) / 100);
    // The crash (≥ 3.00×, 18 s after launch) was still ahead: the manual bet is refunded and the
    // auto cash-out at 2.50× is a certain win, paid at its target.
    expect(byUser.get(open!.id)).toMatchObject({ status: 'refunded', payout: 1000 });
    expect(byUser.get(auto25!.id)).toMatchObject({ status: 'cashed_out', payout: crashPayout(1000, 250), closed_by: 'auto' });
    // The ended round's counters are its bets' (the player's quick cash-out did not move them in flight).
    const counters = await handle.db.selectFrom('rounds').select(['paid', 'open_stake']).where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(Number(counters.paid)).toBe(rows.filter((b) => b.status === 'cashed_out').reduce((sum, b) => sum + Number(b.payout), 0));
    expect(Number(counters.open_stake)).toBe(0);
    await expectLedgerBalanced(handle);
    const next = await bettingRound(1, 0);
    expect(next.id).toBeGreaterThan(round.id);
  }, 240_000);
});
