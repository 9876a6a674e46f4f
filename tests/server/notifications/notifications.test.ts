import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { connected, listen, nextEvent, pusherClient, subscribed } from '../../helpers/realtimeClients.ts';
import { NOT_YOUR_NOTIFICATIONS, deliverNotifications } from '../../../server/notifications/notifications.ts';
import { notificationText, type NotificationNotice, type PlayerNotification } from '../../../core/protocol/notificationEvents.ts';
import { NOTIFICATION_EVENT } from '../../../core/protocol/notificationNotice.ts';
import { levelStart } from '../../../core/games/levels.ts';

// The notifications centre (docs/community.md, "Notifications"): a credit that is news (a tip, a
// deposit) and not one the player made (a stake, a tip sent), a level crossed by the journal's XP, a
// mention unless the mentioned player ignores the author; each written once, read and marked read
// by its own player only, and published live once over any number of deliverers.

type Player = Awaited<ReturnType<typeof createPlayer>>;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  // Delivery is this test's to drive: the app's own round comes after an hour.
  app = await createTestApp({ NOTIFICATION_DELIVERY_MS: '3600000' });
  port = await listen(app);
}, 180_000);
afterAll(() => app.close());

const list = async (p: Player): Promise<{ items: PlayerNotification[]; unread: number }> => {
  const res = await app.inject({ method: 'GET', url: '/api/notifications', headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const read = (p: Player, payload: object) => app.inject({ method: 'POST', url: '/api/notifications/read', headers: p.headers, payload });

describe('notifications', () => {
  it('tells a tip, a level and a mention once each, live; not the sender, not an ignored author', async () => {
    const ann = await createPlayer(app, { name: 'BellAnn', balance: 300_00 });
    const bo = await createPlayer(app, { name: 'BellBo' });
    const client = pusherClient(port, bo.token);
    try {
      await connected(client);
      const channel = client.subscribe(`private-users.${bo.id}`);
      expect(await subscribed(channel)).toEqual({ result: 'ok' });
      await deliverNotifications({ db: app.db, bus: app.bus, log: app.log }); // what the setup wrote is out of the way

      const live = nextEvent<NotificationNotice>(channel, NOTIFICATION_EVENT);
      expect((await app.inject({ method: 'POST', url: '/api/chat/tips', headers: ann.headers, payload: { name: 'BellBo', amount: 12.5 } })).statusCode).toBe(200);
      // Any number of nodes deliver at once: each notification goes out once.
      const sent = await Promise.all([1, 2, 3].map(() => deliverNotifications({ db: app.db, bus: app.bus, log: app.log })));
      expect(sent.reduce((a, b) => a + b.published, 0)).toBe(1);
      const notice = await live;
      expect(notice).toMatchObject({ unread: 1, notification: { kind: 'credit', data: { reason: 'tip_received', amount: 12.5 }, read: false } });
      expect(notificationText(notice.notification)).toEqual({ title: 'Tip received', body: '+12.50 coins', link: '/profile/history' });
      // The sender made the tip: nothing for them.
      expect((await list(ann)).items.filter((n) => n.kind === 'credit')).toEqual([]);

      // Two dice bets of 60 cross level 2's start (100 coins of XP) once: one notification, level 2.
      expect(levelStart(2)).toBe(100_00);
      for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'POST', url: '/api/dice/bet', headers: ann.headers, payload: { amount: 60, target: 50, direction: 'under' } })).statusCode).toBe(200);
      expect((await list(ann)).items.filter((n) => n.kind === 'level_up').map((n) => n.data)).toEqual([{ level: 2 }]);

      // A mention tells Bo; once Bo ignores Ann, her next mention does not.
      expect((await app.inject({ method: 'POST', url: '/api/chat/en/messages', headers: ann.headers, payload: { text: 'hello @bellbo' } })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/chat-ignores', headers: bo.headers, payload: { user_id: ann.id, ignored: true } })).statusCode).toBe(200);
      await app.db.deleteFrom('chat_posters').where('user_id', '=', ann.id).execute(); // past the 3-second gap
      expect((await app.inject({ method: 'POST', url: '/api/chat/en/messages', headers: ann.headers, payload: { text: 'again @BellBo' } })).statusCode).toBe(200);
      const bos = await list(bo);
      expect(bos.items.map((n) => [n.kind, n.data])).toEqual([
        ['mention', { from: 'BellAnn', room: 'en', text: 'hello @bellbo' }],
        ['credit', { reason: 'tip_received', amount: 12.5 }],
      ]);
      expect(bos.unread).toBe(2);
    } finally {
      client.disconnect();
    }
  });

  it("marks read the player's own only, one or all; refuses a guest and a bad body", async () => {
    const cy = await createPlayer(app, { deposited: 20_00 });
    const dee = await createPlayer(app, { deposited: 30_00 });
    const [mine] = (await list(cy)).items;
    const [theirs] = (await list(dee)).items;
    expect(mine).toMatchObject({ kind: 'credit', data: { reason: 'deposit', amount: 20 }, read: false });

    // Another player's id is refused as a missing one, and marks nothing (not even the player's own beside it).
    for (const ids of [[theirs!.id], [mine!.id, theirs!.id], [999_999]]) {
      const other = await read(cy, { ids });
      expect(other.statusCode, other.body).toBe(422);
      expect(other.json().errors.ids).toEqual([NOT_YOUR_NOTIFICATIONS]);
    }
    expect((await list(dee)).unread).toBe(1);
    expect((await list(cy)).unread).toBe(1);
    const one = await read(cy, { ids: [mine!.id] });
    expect(one.json().data).toMatchObject({ unread: 0, items: [{ id: mine!.id, read: true }] });
    expect((await read(dee, {})).json().data.unread).toBe(0);

    expect((await app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    for (const payload of [{ ids: [] }, { ids: ['1'] }, { ids: [-1] }, { ids: Array.from({ length: 51 }, (_, i) => i + 1) }]) expect((await read(cy, payload)).statusCode).toBe(422);
  });
});
