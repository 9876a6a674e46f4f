import { chromium } from '@playwright/test';
import { expect, serverPort, test } from './helpers/fixtures.ts';
import { bonusSeenToday, credit, signIn } from './helpers/players.ts';
import { startPushService } from '../helpers/pushService.ts';
import { systemChromium } from '../../scripts/browser.ts';

// Web push (docs/community.md, "Web push"), in Chromium with only the browser's push service played
// by a local one (tests/helpers/pushService.ts, on the server's port + 2000, which the journey server
// lists in PUSH_SERVICES): Chromium's own push client talks to Google's service only, which this
// machine cannot reach, so the page's PushManager.subscribe answers a subscription at the local
// service with keys made here, as the browser's push client would. The player turns push on from
// /profile/notifications (the shop's one service worker, /sw.js, is active; the subscription is saved with every kind),
// leaves level ups out; a deposit is pushed by the server, signed with its VAPID key and encrypted for
// those keys; what the push client would then do (decrypt and hand the payload to the service
// worker) goes through DevTools, and the worker shows it. Turning push off forgets the browser.
// Full Chromium: the headless shell of the other journeys shows no notifications.

// The shop's service worker runs here (the journeys block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('turns web push on, is pushed a deposit as a notification of the service worker, turns it off', async ({ baseURL, request }) => {
  test.setTimeout(120_000);
  const service = await startPushService(serverPort() + 2000);
  const browser = await chromium.launch({ executablePath: systemChromium(), args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['notifications'], { origin: new URL(baseURL!).origin });
    const subscription = service.subscription();
    await context.addInitScript((s) => {
      // The browser's push client, for this origin: the subscription its push service gave.
      const made = { endpoint: s.endpoint, expirationTime: null, toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }), unsubscribe: async () => (sessionStorage.removeItem('push-subscribed'), true) };
      PushManager.prototype.subscribe = async () => (sessionStorage.setItem('push-subscribed', '1'), made as unknown as PushSubscription);
      PushManager.prototype.getSubscription = async () => (sessionStorage.getItem('push-subscribed') ? (made as unknown as PushSubscription) : null);
    }, subscription);
    const page = await context.newPage();
    const player = await signIn(page, context.request, baseURL!, 'push');
    await bonusSeenToday(page);
    await page.goto('/profile/notifications');
    const setting = page.getByRole('region', { name: 'Push notifications' });
    await setting.getByRole('button', { name: 'Turn on push notifications' }).click();
    await expect(setting.getByRole('checkbox', { name: 'Level ups' })).toBeChecked();
    await setting.getByRole('checkbox', { name: 'Level ups' }).uncheck();
    await expect(setting.getByRole('checkbox', { name: 'Level ups' })).not.toBeChecked();
    const browsers = async () => (await (await request.get('/api/push/subscriptions', { headers: player.headers })).json()).data;
    // The box shows the change at once; the server has it once its answer came.
    await expect.poll(browsers).toEqual([{ endpoint: subscription.endpoint, kinds: ['credit', 'mention', 'support_reply', 'withdrawal_step', 'wellbeing', 'kyc'] }]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL)).toMatch(/\/sw\.js$/);

    // A deposit: the server pushes it, signed and encrypted (checked and decrypted by the local service).
    const pushed = service.next();
    await credit(request, player.headers, 50);
    const push = await pushed;
    expect(push).toMatchObject({ payload: { title: 'Deposit credited', body: '+50.00 coins', link: '/profile/deposit' }, audience: service.origin });
    // The push client hands the payload to the service worker, which shows it.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => !r.isDeleted)).toBe(true);
    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration('/'))!.getNotifications()).map((n) => ({ title: n.title, body: n.body, link: (n.data as { link: string }).link })));
    // Handed again until it shows, as a push client retries a worker that was not ready (one
    // notification all the same: the worker tags it by its page).
    await expect
      .poll(async () => {
        const registration = registrations.findLast((r) => !r.isDeleted)!;
        await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId: registration.registrationId, data: JSON.stringify(push.payload) });
        return shown();
      }, { intervals: [500, 1000, 2000] })
      .toEqual([{ title: 'Deposit credited', body: '+50.00 coins', link: '/profile/deposit' }]);

    await setting.getByRole('button', { name: 'Turn off on this browser' }).click();
    await expect(setting.getByRole('button', { name: 'Turn on push notifications' })).toBeVisible();
    await expect.poll(browsers).toEqual([]);
  } finally {
    await browser.close();
    await service.close();
  }
});
