import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { startPushService, type LocalPushService } from '../../helpers/pushService.ts';
import { deliverNotifications } from '../../../server/notifications/notifications.ts';
import { isPushService, webPushDeps } from '../../../server/notifications/webPush.ts';
import { PUSH_BROWSERS_MAX, PUSH_MSG } from '../../../core/protocol/push.ts';

// Web push (docs/community.md, "Web push") through a local push service that checks the VAPID
// signature and decrypts each payload as a browser's push service and browser would: a notification
// reaches each browser subscribed for its kind, once; not a kind the browser left out, not a player
// on a break (save support and delivery news); a subscription the service says is gone is dropped;
// an endpoint at no configured push service is refused (the server would post to it).

type Player = Awaited<ReturnType<typeof createPlayer>>;
let app: FastifyInstance;
let service: LocalPushService;
beforeAll(async () => {
  service = await startPushService();
  // Delivery is this test's to drive: the app's own round comes after an hour.
  app = await createTestApp({ PUSH_SERVICES: service.origin, NOTIFICATION_DELIVERY_MS: '3600000' });
}, 180_000);
afterAll(async () => {
  await app.close();
  await service.close();
});

const subscribe = (p: Player, payload: object) => app.inject({ method: 'PUT', url: '/api/push/subscriptions', headers: p.headers, payload });
/** One round of delivery, its pushes settled: how many were published. */
const deliver = async () => {
  const { published, pushed } = await deliverNotifications({ db: app.db, bus: app.bus, log: app.log, push: webPushDeps(app.config, app.db, app.log, app.clock) });
  await pushed;
  return published;
};
const tip = (from: Player, to: string, amount: number) => app.inject({ method: 'POST', url: '/api/chat/tips', headers: from.headers, payload: { name: to, amount } });

describe('web push', () => {
  it('sends a notification to each browser subscribed for its kind, signed and encrypted; forgets a gone one', async () => {
    const key = (await app.inject({ method: 'GET', url: '/api/push/key' })).json().data.public_key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const ann = await createPlayer(app, { name: 'PushAnn', balance: 100_00 });
    const bo = await createPlayer(app, { name: 'PushBo' });
    const phone = service.subscription();
    const laptop = service.subscription();
    expect((await subscribe(bo, { ...phone, kinds: ['credit', 'support_reply'] })).json().data).toEqual({ endpoint: phone.endpoint, kinds: ['credit', 'support_reply'] });
    expect((await subscribe(bo, { ...laptop, kinds: ['mention'] })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: bo.headers })).json().data).toEqual([
      { endpoint: phone.endpoint, kinds: ['credit', 'support_reply'] },
      { endpoint: laptop.endpoint, kinds: ['mention'] },
    ]);
    await deliver();
    service.received.length = 0;

    expect((await tip(ann, 'PushBo', 3)).statusCode).toBe(200);
    await deliver();
    await deliver(); // published and pushed once
    expect(service.received).toEqual([
      { id: phone.endpoint.split('/').pop(), payload: { title: 'Tip received', body: '+3.00 coins', link: '/profile/history' }, audience: service.origin, subject: expect.stringMatching(/^mailto:/), key, ttl: '86400' },
    ]);

    // The phone's subscription expired at its push service: the next push drops it.
    service.gone.add(phone.endpoint.split('/').pop()!);
    expect((await tip(ann, 'PushBo', 1)).statusCode).toBe(200);
    await deliver();
    expect(service.received).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: bo.headers })).json().data.map((b: { endpoint: string }) => b.endpoint)).toEqual([laptop.endpoint]);
  });

  it('holds play news from a player on a break; refuses an endpoint at no push service and bad keys; keeps ten browsers', async () => {
    const cy = await createPlayer(app, { balance: 10_00 });
    const dee = await createPlayer(app, { name: 'PushDee' });
    const browser = service.subscription();
    expect((await subscribe(dee, { ...browser, kinds: ['credit'] })).statusCode).toBe(200);
    const pause = await app.inject({ method: 'POST', url: '/api/profile/responsible-gaming/exclusion', headers: dee.headers, payload: { choice: 'cool_off_24h' } });
    expect(pause.statusCode, pause.body).toBe(200);
    await deliver();
    service.received.length = 0;
    // A tip cannot reach a player on a break; a credit from support can, and is not pushed.
    await app.wallet.transaction((tx) => tx.credit({ userId: dee.id, amount: 100, reason: 'manual_adjustment', reference: 'test' }));
    expect(await deliver()).toBe(1);
    expect(service.received).toEqual([]);

    for (const endpoint of ['https://evil.example.com/push/1', 'http://127.0.0.1:1/push/1', 'https://user:pw@fcm.googleapis.com/x', 'not a url']) {
      const res = await subscribe(cy, { endpoint, keys: browser.keys, kinds: ['credit'] });
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().errors.endpoint).toEqual([PUSH_MSG.service]);
    }
    const badKeys = await subscribe(cy, { endpoint: service.subscription().endpoint, keys: { p256dh: 'x', auth: browser.keys.auth }, kinds: ['credit'] });
    expect(badKeys.json().errors['keys.p256dh']).toEqual([PUSH_MSG.keys]);
    expect((await subscribe(cy, { ...service.subscription(), kinds: [] })).statusCode).toBe(422);
    expect((await subscribe(cy, { ...service.subscription(), kinds: ['balance'] })).statusCode).toBe(422);
    expect((await app.inject({ method: 'PUT', url: '/api/push/subscriptions', payload: { ...browser, kinds: ['credit'] } })).statusCode).toBe(401);

    const endpoints = [];
    for (let i = 0; i < PUSH_BROWSERS_MAX + 2; i++) {
      const s = service.subscription();
      endpoints.push(s.endpoint);
      expect((await subscribe(cy, { ...s, kinds: ['level_up'] })).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: cy.headers })).json().data.map((b: { endpoint: string }) => b.endpoint)).toEqual(endpoints.slice(2));
    // Another player's browser is not theirs to remove.
    const removed = await app.inject({ method: 'POST', url: '/api/push/subscriptions/remove', headers: cy.headers, payload: { endpoint: browser.endpoint } });
    expect(removed.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: dee.headers })).json().data).toHaveLength(1);
  });

  it('takes only the configured push services, subdomains by a wildcard', () => {
    const services = ['https://fcm.googleapis.com', 'https://*.notify.windows.com'];
    expect(isPushService('https://fcm.googleapis.com/fcm/send/abc', services)).toBe(true);
    expect(isPushService('https://wns2-par02p.notify.windows.com/w/?token=x', services)).toBe(true);
    expect(isPushService('https://notify.windows.com/w', services)).toBe(false);
    expect(isPushService('https://fcm.googleapis.com.evil.com/x', services)).toBe(false);
    expect(isPushService('http://fcm.googleapis.com/x', services)).toBe(false);
    expect(isPushService('https://evil.com/?https://fcm.googleapis.com', services)).toBe(false);
  });
});
