import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database.ts';
import { createPlayer, hasPostgres, hasRedis } from '../../helpers/testApp.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { listen } from '../../helpers/realtimeClients.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { until } from '../../helpers/until.ts';

// The rolling restart drill (docs/operations.md, "Drills"): two nodes on one PostgreSQL and one
// Redis take a stream of dice bets; node A is closed (a deploy's SIGTERM: server/main.ts closes the
// app) and started again on its port while the bets flow, then node B. Every bet answered 2xx has
// exactly one journal row, one game row and its stake's (and win's) ledger entries; every bet
// refused (no connection, or 5xx while a node closes) moved nothing; the books balance.

const PLAYERS = 6;
const START_BALANCE = 1_000_00;

interface Answer {
  player: number;
  node: number;
  status: number | 'no connection';
  nonce?: number;
  /** Cents: the payout less the stake. */
  net?: number;
}

describe.runIf(hasPostgres && hasRedis)('rolling restart of two nodes under bet load (PostgreSQL, Redis)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;
  const nodes: Array<FastifyInstance | null> = [null, null];
  const ports = [0, 0];
  let env: Record<string, string>;

  async function startNode(index: number) {
    const app = await buildApp(testConfig(env), { seed: false });
    nodes[index] = app;
    ports[index] = await listen(app, ports[index]);
  }

  beforeAll(async () => {
    database = await createScratchDatabase('shop_rolling');
    env = { DATABASE_URL: database.url.toString(), DATABASE_POOL_SIZE: '5', REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `test-${randomUUID()}:`, LEADER_POLL_MS: '100' };
    await startNode(0);
    await startNode(1);
    handle = await openDatabase({ kind: 'postgres', url: database.url.toString(), poolSize: 2 });
  }, 60_000);

  afterAll(async () => {
    for (const node of nodes) await node?.close().catch(() => {});
    await handle?.close();
    await database?.drop();
  }, 30_000);

  it('every accepted bet settled once, every refused one moved nothing, the books balance', async () => {
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => createPlayer(nodes[0]!, { balance: START_BALANCE })));
    const answers: Answer[] = [];
    let flowing = true;

    /** One player's bets, one at a time, alternating between the nodes as a load balancer would. */
    async function bettor(player: number) {
      for (let i = player; flowing; i++) {
        const node = i % 2;
        try {
          const res = await fetch(`http://127.0.0.1:${ports[node]}/api/dice/bet`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...players[player]!.headers },
            body: JSON.stringify({ amount: 1, target: 50, direction: 'under' }),
          });
          const body = (await res.json()) as { data?: { nonce: number; payout: number } };
          answers.push(res.ok ? { player, node, status: res.status, nonce: body.data!.nonce, net: Math.round(body.data!.payout * 100) - 100 } : { player, node, status: res.status });
        } catch {
          answers.push({ player, node, status: 'no connection' });
        }
      }
    }

    const acceptedOn = (node: number) => answers.filter((a) => a.node === node && typeof a.status === 'number' && a.status < 300).length;
    /** Waits until `node` has accepted `more` bets beyond what it had: the stream flows there. */
    const flowsOn = async (node: number, more = 20) => {
      const from = acceptedOn(node);
      await until(() => acceptedOn(node) >= from + more, 15_000);
    };

    const stream = Promise.all(players.map((_, p) => bettor(p)));
    try {
      for (const [restarted, other] of [
        [0, 1],
        [1, 0],
      ] as const) {
        await flowsOn(restarted);
        await nodes[restarted]!.close();
        nodes[restarted] = null;
        // While it is down the other node takes the bets.
        await flowsOn(other);
        await startNode(restarted);
        await flowsOn(restarted);
      }
    } finally {
      flowing = false;
      await stream;
    }

    const accepted = answers.filter((a) => typeof a.status === 'number' && a.status < 300);
    const refused = answers.filter((a) => !(typeof a.status === 'number' && a.status < 300));
    // Refused only by a closing or closed node: never a 4xx, never a 5xx of another kind.
    for (const a of refused) expect([503, 'no connection']).toContain(a.status);
    expect(accepted.length).toBeGreaterThan(100);

    for (const [p, player] of players.entries()) {
      const mine = accepted.filter((a) => a.player === p);
      const nonces = mine.map((a) => a.nonce!).sort((x, y) => x - y);
      const journal = await sql<{ nonce: number }>`select nonce from bets where user_id = ${player.id} and game = 'dice' order by nonce`.execute(handle.db);
      expect(journal.rows.map((r) => r.nonce)).toEqual(nonces);
      const games = await sql<{ nonce: number }>`select nonce from game_bets where user_id = ${player.id} and game = 'dice' order by nonce`.execute(handle.db);
      expect(games.rows.map((r) => r.nonce)).toEqual(nonces);
      const ledger = await sql<{ reason: string; n: number; sum: string }>`
        select l.reason, count(*)::int as n, sum(l.amount)::text as sum from ledger_entries l join accounts a on a.id = l.account_id
        where a.user_id = ${player.id} and l.reason <> 'test_grant' group by l.reason order by l.reason`.execute(handle.db);
      const wins = mine.filter((a) => a.net! > 0);
      expect(ledger.rows.map((r) => ({ reason: r.reason, n: r.n, sum: Number(r.sum) }))).toEqual([
        { reason: 'dice_bet', n: mine.length, sum: -100 * mine.length },
        ...(wins.length ? [{ reason: 'dice_win', n: wins.length, sum: wins.reduce((s, a) => s + a.net! + 100, 0) }] : []),
      ]);
      const balance = (await handle.db.selectFrom('accounts').select('balance').where('user_id', '=', player.id).executeTakeFirstOrThrow()).balance;
      expect(balance).toBe(START_BALANCE + mine.reduce((s, a) => s + a.net!, 0));
    }
    await expectLedgerBalanced(handle);
    console.info(`rolling restart: ${accepted.length} bets accepted, ${refused.length} refused (${refused.filter((a) => a.status === 503).length} 503, ${refused.filter((a) => a.status === 'no connection').length} without a connection)`);
  }, 60_000);
});
