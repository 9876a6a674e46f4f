import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Drop, CrashSnapshot } from '../../../core/protocol/realtime.ts';
import { buildApp } from '../../../server/app.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { announceDrop } from '../../../server/realtime/drops.ts';
import { createPlayer, hasPostgres, hasRedis } from '../../helpers/testApp.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { connected, gameClient, listen, nextEvent, nextSocketEvent, pusherClient, subscribed } from '../../helpers/realtimeClients.ts';

// Two nodes on one PostgreSQL database and one Redis, each on its own port: what one node
// produces reaches sockets on the other, and leader-only work runs on exactly one node.

const drop = (userId: number) => ({ id: 1, game: 'box' as const, userId, userName: 'p', box: { slug: 'multi', kind: 'box' as const, name: 'Multi', imgUrl: '/b.png' }, item: { name: 'n', rarity: 'epic', imgUrl: '/i.png', price: 2500, salePrice: 2000 } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await sleep(25);
  }
}

describe.runIf(hasPostgres && hasRedis)('two nodes with PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let env: Record<string, string>;
  const nodes: FastifyInstance[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase('shop_rt');
    const { url } = database;
    // A prefix of its own keeps this run's messages away from other runs on the same Redis.
    env = { DATABASE_URL: url.toString(), REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `test-${randomUUID()}:`, LEADER_POLL_MS: '100' };
    for (let i = 0; i < 2; i += 1) {
      const node = await buildApp(testConfig(env), { seed: false });
      nodes.push(node);
      ports.push(await listen(node));
    }
  });

  afterAll(async () => {
    for (const node of nodes) await node.close().catch(() => {});
    await database.drop();
  });

  it('an event produced on node A reaches a pusher-js client on node B, private channels included', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const player = await createPlayer(a, { balance: 500 });
    const pusher = pusherClient(ports[1]!, player.token);
    try {
      await connected(pusher);
      const drops = pusher.subscribe('drops');
      const own = pusher.subscribe(`private-users.${player.id}`);
      // The node the player is on starts their channel with the balance as it stands.
      const welcome = nextEvent(own, 'balanceUpdated');
      expect(await subscribed(drops)).toEqual({ result: 'ok' });
      expect(await subscribed(own)).toEqual({ result: 'ok' });
      expect(await welcome).toEqual({ type: 'balanceUpdated', current_balance: 5, version: expect.any(Number) });
      expect(b.realtime.pusher.subscriberCount('drops')).toBe(1);
      expect(a.realtime.pusher.subscriberCount('drops')).toBe(0);

      const lastDrop = nextEvent<Drop>(drops, 'lastDrop');
      announceDrop(a.bus, drop(player.id));
      expect(await lastDrop).toMatchObject({ user_id: player.id, item: { price: 25, sale_price: 20 } });

      const balance = nextEvent(own, 'balanceUpdated');
      await a.wallet.transaction((tx) => tx.debit({ userId: player.id, amount: 125, reason: 'test_bet' }));
      expect(await balance).toEqual({ type: 'balanceUpdated', current_balance: 3.75, version: expect.any(Number) });
    } finally {
      pusher.disconnect();
    }
  });

  it('a game event from node A reaches a socket.io client on node B exactly once', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const snapshot: CrashSnapshot = { round_id: 3, round_number: 3, status: 'starting', betting_ends_at: null, starts_at: null, launched_at: null, ended_at: null, crash_point: null, hash: null, server_time: 0, bets: [], history: [] };
    b.realtime.games.setSnapshot('crash', () => snapshot);
    const socket = gameClient(ports[1]!, '/crash');
    try {
      await nextSocketEvent(socket, 'snapshot');
      const bets: unknown[] = [];
      socket.on('bets', (bet) => bets.push(bet));
      a.bus.publish({ channel: 'crash:bets', event: 'bets', data: { round_id: 3, bets: [], cash_outs: [] } });
      // Through the socket.io Redis adapter as well (what an engine does with `io` directly).
      a.realtime.games.crash.to('crash:bets').emit('bets', { round_id: 3, bets: [], cash_outs: [] });
      await until(() => bets.length >= 2);
      await sleep(300);
      expect(bets).toHaveLength(2);
    } finally {
      socket.disconnect();
    }
  });

  it('runs leader-only work on exactly one node and moves it when that node stops', async () => {
    const running = new Set<number>();
    let starts = 0;
    nodes.forEach((node, i) =>
      node.realtime.leader.whileLeader(() => {
        running.add(i);
        starts += 1;
        return () => void running.delete(i);
      }),
    );
    await until(() => running.size === 1);
    await sleep(500); // several poll rounds: still exactly one
    expect(running.size).toBe(1);
    expect(nodes.filter((n) => n.realtime.leader.isLeader())).toHaveLength(1);
    const leader = [...running][0]!;
    const follower = 1 - leader;

    await nodes[leader]!.close();
    expect(running.has(leader)).toBe(false);
    await until(() => running.has(follower), 5000);
    expect(running.size).toBe(1);
    expect(nodes[follower]!.realtime.leader.isLeader()).toBe(true);

    // A third node joining later stays a follower while the leader lives.
    const third = await buildApp(testConfig(env), { seed: false });
    nodes.push(third);
    third.realtime.leader.whileLeader(() => {
      running.add(2);
      return () => void running.delete(2);
    });
    await sleep(500);
    expect(third.realtime.leader.isLeader()).toBe(false);
    expect([...running]).toEqual([follower]);
    expect(starts).toBe(2);
  });
});
