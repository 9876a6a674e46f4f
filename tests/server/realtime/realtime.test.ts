import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Drop, CrashSnapshot } from '../../../core/protocol/realtime.ts';
import { announceDrop, recordDrop, type DropRecord } from '../../../server/realtime/drops.ts';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { connected, gameClient, listen, nextEvent, nextSocketEvent, pusherClient, subscribed } from '../../helpers/realtimeClients.ts';

function dropOf(userId: number, over: Partial<DropRecord['item']> = {}, box: Partial<DropRecord['box']> = {}): DropRecord {
  return {
    game: 'box',
    userId,
    box: { slug: 'starter', kind: 'box', name: 'Starter', imgUrl: '/boxes/starter.png', ...box },
    item: { name: 'Cap', rarity: 'rare', imgUrl: '/items/cap.png', price: 1250, salePrice: 1100, ...over },
  };
}

// One app for the file: a PGlite start costs seconds (tens of seconds on a loaded machine).
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await createTestApp();
  port = await listen(app);
});
afterAll(async () => {
  await app.close();
});

describe('realtime over real pusher-js and socket.io-client', () => {

  it('delivers lastDrop on the public drops channel with the docs/product.md §3 payload and the names', async () => {
    const player = await createPlayer(app, { name: 'Droppy' });
    const pusher = pusherClient(port);
    try {
      await connected(pusher);
      const channel = pusher.subscribe('drops');
      expect(await subscribed(channel)).toEqual({ result: 'ok' });
      const received = nextEvent<Drop>(channel, 'lastDrop');
      const drop = await app.db.transaction().execute((trx) => recordDrop(trx, dropOf(player.id)));
      announceDrop(app.bus, drop);
      // docs/product.md §3's fields, and the names and the game a player reads in the feed (docs/realtime.md).
      expect(await received).toEqual({
        id: drop.id,
        game: 'box',
        user_id: player.id,
        user_name: 'Droppy',
        box: { slug: 'starter', img_url: '/boxes/starter.png', kind: 'box', name: 'Starter' },
        item: { name: 'Cap', rarity: 'rare', img_url: '/items/cap.png', price: 12.5, sale_price: 11 },
      });
    } finally {
      pusher.disconnect();
    }
  });

  it('starts the owner\'s private channel with the balance as it stands, then delivers balanceUpdated after each wallet change', async () => {
    const player = await createPlayer(app, { balance: 1000 });
    const { version } = await app.wallet.account(player.id);
    const pusher = pusherClient(port, player.token);
    try {
      const channel = pusher.subscribe(`private-users.${player.id}`);
      // A change made before the subscription (a bet settled while the page's socket came) is told by the first frame after it.
      const welcome = nextEvent(channel, 'balanceUpdated');
      expect(await subscribed(channel)).toEqual({ result: 'ok' });
      expect(await welcome).toEqual({ type: 'balanceUpdated', current_balance: 10, version });
      const received = nextEvent(channel, 'balanceUpdated');
      await app.wallet.transaction((tx) => tx.credit({ userId: player.id, amount: 375, reason: 'test_grant' }));
      expect(await received).toEqual({ type: 'balanceUpdated', current_balance: 13.75, version: version + 1 });
    } finally {
      pusher.disconnect();
    }
  });

  it('grants each private user channel to its owner only (100 random pairs)', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => createPlayer(app)));
    const clients = players.map((p) => pusherClient(port, p.token));
    try {
      await Promise.all(clients.map((c) => connected(c)));
      for (let i = 0; i < 100; i += 1) {
        const a = Math.floor(Math.random() * players.length);
        let b = Math.floor(Math.random() * (players.length - 1));
        if (b >= a) b += 1;
        const client = clients[a]!;
        const foreign = `private-users.${players[b]!.id}`;
        expect(await subscribed(client.subscribe(foreign)), `player ${a} on ${foreign}`).toEqual({ result: 'refused', status: 403 });
        client.unsubscribe(foreign);
        const own = `private-users.${players[a]!.id}`;
        if (!client.channel(own)?.subscribed) {
          expect(await subscribed(client.subscribe(own))).toEqual({ result: 'ok' });
        }
      }
    } finally {
      for (const c of clients) c.disconnect();
    }
  });

  it('socket.io namespaces send a snapshot on connect and deliver room events from the bus', async () => {
    const snapshot: CrashSnapshot = { round_id: 7, round_number: 5, status: 'starting', betting_ends_at: 1000, starts_at: 2000, launched_at: null, ended_at: null, crash_point: null, hash: null, server_time: 0, bets: [], history: [{ round_id: 6, round_number: 4, crash_point: 2.5, hash: 'ab'.repeat(32) }] };
    app.realtime.games.setSnapshot('crash', () => ({ ...snapshot, server_time: Date.now() }));
    const socket = gameClient(port, '/crash');
    try {
      const first = await nextSocketEvent<CrashSnapshot>(socket, 'snapshot');
      expect(first.round_id).toBe(7);
      const status = nextSocketEvent<{ status: string }>(socket, 'status');
      app.bus.publish({ channel: 'crash:game', event: 'status', data: { round_id: 7, status: 'pending' } });
      expect(await status).toEqual({ round_id: 7, status: 'pending' });
      const answer = await socket.timeout(5000).emitWithAck('sync');
      expect(answer).toMatchObject({ data: { round_id: 7 } });
    } finally {
      socket.disconnect();
    }
  });
});

describe('POST /broadcasting/auth', () => {
  const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

  it('signs the owner\'s channel with HMAC-SHA256 of socket_id:channel_name', async () => {
    const player = await createPlayer(app);
    const channel = `private-users.${player.id}`;
    const response = await app.inject({ method: 'POST', url: '/broadcasting/auth', headers: { ...player.headers, ...formHeaders }, payload: form({ socket_id: '123.456', channel_name: channel }) });
    expect(response.statusCode).toBe(200);
    const hex = createHmac('sha256', app.config.pusher.secret).update(`123.456:${channel}`).digest('hex');
    expect(response.json()).toEqual({ auth: `shop-key:${hex}` });
  });

  it('answers 401 without a valid token and 403 for someone else\'s or a non-canonical channel', async () => {
    const player = await createPlayer(app);
    const other = await createPlayer(app);
    const post = (headers: Record<string, string>, channel: string) =>
      app.inject({ method: 'POST', url: '/broadcasting/auth', headers: { ...headers, ...formHeaders }, payload: form({ socket_id: '1.2', channel_name: channel }) });
    const none = await post({}, `private-users.${player.id}`);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await post({ authorization: 'Bearer nope' }, `private-users.${player.id}`)).statusCode).toBe(401);
    expect((await post(player.headers, `private-users.${other.id}`)).statusCode).toBe(403);
    for (const name of [`private-users.0${player.id}`, `private-users.${player.id}.0`, `private-users.${player.id}x`, `private-battle-1`, 'drops']) {
      const response = await post(player.headers, name);
      expect(response.statusCode, name).toBe(403);
      expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
    }
    for (const name of [`private-users. ${player.id}`, `private-users.+${player.id}`, `private-users.${player.id} `]) {
      const response = await post(player.headers, name);
      expect([403, 422], name).toContain(response.statusCode);
      expect(response.json().auth).toBeUndefined();
    }
  });

  it('rejects a malformed socket id with 422', async () => {
    const player = await createPlayer(app);
    const response = await app.inject({ method: 'POST', url: '/broadcasting/auth', headers: { ...player.headers, ...formHeaders }, payload: form({ socket_id: 'abc', channel_name: `private-users.${player.id}` }) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.socket_id).toBeDefined();
  });
});

describe('GET last drops', () => {
  beforeAll(async () => {
    await app.db.deleteFrom('drops').execute(); // only this block's drops
    const player = await createPlayer(app);
    const prices = [500, 9000, 100, 4200, 700];
    for (const [i, price] of prices.entries()) {
      await recordDrop(app.db, dropOf(player.id, { price, salePrice: price - 50, rarity: `r${i}` }, { slug: i % 2 ? 'alpha' : 'beta' }));
    }
    await recordDrop(app.db, dropOf(player.id, { price: 99_999 }, { slug: 'alpha', kind: 'free' }));
    await recordDrop(app.db, dropOf(player.id, { price: 1 }, { slug: 'alpha', kind: 'user' }));
  });
  const prices = (body: { data: Drop[] }) => body.data.map((d) => d.item.price);

  it('lists the latest drops first, and by item price descending with best', async () => {
    expect(prices((await app.inject('/api/last-drops')).json())).toEqual([0.01, 999.99, 7, 42, 1, 90, 5]);
    expect(prices((await app.inject('/api/last-drops?best=1&limit=3')).json())).toEqual([999.99, 90, 42]);
    expect(prices((await app.inject('/api/last-drops?best=true&limit=2')).json())).toEqual([999.99, 90]);
  });

  it('filters by box and box kind', async () => {
    expect(prices((await app.inject('/api/boxes/alpha/last-drops')).json())).toEqual([42, 90]);
    expect(prices((await app.inject('/api/boxes/beta/last-drops?best=1')).json())).toEqual([7, 5, 1]);
    expect(prices((await app.inject('/api/free-boxes/alpha/last-drops')).json())).toEqual([999.99]);
    expect(prices((await app.inject('/api/user-boxes/alpha/last-drops')).json())).toEqual([0.01]);
    expect((await app.inject('/api/boxes/none/last-drops')).json()).toEqual({ data: [] });
  });

  it('refuses a bad limit with 422', async () => {
    expect((await app.inject('/api/last-drops?limit=0')).statusCode).toBe(422);
    expect((await app.inject('/api/last-drops?limit=abc')).statusCode).toBe(422);
    expect((await app.inject('/api/last-drops?limit=51')).statusCode).toBe(422);
  });
});
