import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Drop } from '../../../core/protocol/realtime.ts';
import { announceDrop } from '../../../server/realtime/drops.ts';
import { createTestApp } from '../../helpers/testApp.ts';
import { connected, gameClient, listen, nextEvent, nextSocketEvent, pusherClient, subscribed } from '../../helpers/realtimeClients.ts';

// A deploy restarts the server on the same port: pusher-js and socket.io-client come back by
// themselves, pusher-js re-subscribes its channels and socket.io gets a fresh snapshot.

const drop = (userId: number) => ({ id: 1, game: 'box' as const, userId, userName: 'p', box: { slug: 's', kind: 'box' as const, name: 'S', imgUrl: '/b.png' }, item: { name: 'n', rarity: 'common', imgUrl: '/i.png', price: 100, salePrice: 90 } });

describe('clients resume after a server restart', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
  });

  it('pusher-js re-subscribes and socket.io reconnects with a new snapshot', async () => {
    const first = await createTestApp();
    apps.push(first);
    const port = await listen(first);
    first.realtime.games.setSnapshot('wheel', () => ({ round_id: 1, round_number: 1, status: 'starting', betting_ends_at: null, starts_at: null, launched_at: null, ended_at: null, spin_ms: 5000, segment: null, hash: null, voided: false, server_time: Date.now(), bets: [], history: [] }));

    const pusher = pusherClient(port);
    const socket = gameClient(port, '/wheel');
    // Listened for before anything is awaited: the snapshot comes as soon as the socket connects,
    // which may be while pusher-js is still subscribing.
    const firstSnapshot = nextSocketEvent<{ round_id: number }>(socket, 'snapshot');
    try {
      await connected(pusher);
      const channel = pusher.subscribe('drops');
      expect(await subscribed(channel)).toEqual({ result: 'ok' });
      expect((await firstSnapshot).round_id).toBe(1);

      // Built before the first stops (PGlite takes seconds to start), so only the restart is timed.
      const second = await createTestApp();
      apps.push(second);
      // pusher-js reconnects at once on 4200 while the server is still closing: a regression
      // test for close() waiting forever on that new upgraded socket.
      const closing = Date.now();
      await first.close();
      expect(Date.now() - closing).toBeLessThan(10_000);
      second.realtime.games.setSnapshot('wheel', () => ({ round_id: 2, round_number: 2, status: 'in_progress', betting_ends_at: null, starts_at: null, launched_at: 5, ended_at: null, spin_ms: 5000, segment: 7, hash: null, voided: false, server_time: Date.now(), bets: [], history: [] }));
      const snapshot = nextSocketEvent<{ round_id: number }>(socket, 'snapshot', 20_000);
      await listen(second, port);

      expect((await snapshot).round_id).toBe(2);
      await connected(pusher, 20_000);
      // Wait until the re-subscription reached the new server before publishing.
      const deadline = Date.now() + 10_000;
      while (second.realtime.pusher.subscriberCount('drops') === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const received = nextEvent<Drop>(channel, 'lastDrop');
      announceDrop(second.bus, drop(42));
      expect((await received).user_id).toBe(42);
    } finally {
      pusher.disconnect();
      socket.disconnect();
    }
  }, 180_000); // two PGlite apps start here: seconds each on an idle machine, far more on a loaded one
});
