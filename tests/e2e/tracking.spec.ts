import { expect, test } from './helpers/fixtures.ts';
import { startPostgresServer, type PostgresServer } from './helpers/postgresServer.ts';
import { closeDailyBonusWhenItOpens } from './helpers/players.ts';
import { APP_LOADING } from './helpers/appLoading.ts';

// Tracking links journey (docs/community.md): a visitor lands with utm values, the client
// registers the link and keeps its token in the trackingLink cookie until the end of the day,
// signs up (the header carries the token), and the operator's tracking report shows the visit and
// the sign-up. A /ref/ path with utm_source registers nothing.

let server: PostgresServer;
test.beforeAll(async () => {
  server = await startPostgresServer();
});
test.afterAll(async () => {
  await server?.close();
});

test('a utm link is recorded and attributed to the sign-up', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await closeDailyBonusWhenItOpens(page);
  const source = `e2e${Date.now() % 100000}`;
  const registered = page.waitForResponse((r) => r.url().includes(`/api/tl/${source}`));
  await page.goto(`/?utm_source=${source}&utm_medium=cpc&utm_campaign=winter`);
  expect((await registered).url()).toContain('utm_campaign=winter');
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'trackingLink')?.value).toBeTruthy();
  const cookie = (await context.cookies()).find((c) => c.name === 'trackingLink')!;
  const endOfDay = await page.evaluate(() => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() / 1000;
  });
  expect(Math.abs(cookie.expires - endOfDay)).toBeLessThan(2);

  // A /ref/ path never registers a tracking link.
  let refCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/tl/')) refCalls += 1;
  });
  await page.goto(`/ref/nobody?utm_source=${source}-ref`);
  await page.keyboard.press('Escape');
  await page.goto('/');
  await expect(page.locator(APP_LOADING)).toHaveCount(0); // on a prerendered page, clicks wait for React

  await page.getByRole('button', { name: 'Sign up' }).first().click();
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Nickname').fill(`Tracked${Date.now() % 10000}`);
  await form.getByLabel('Email', { exact: true }).fill(`tracked${Date.now()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('tracked-secret');
  await form.getByRole('checkbox', { name: /I accept the Terms/ }).check();
  const signup = page.waitForRequest((r) => r.url().endsWith('/api/auth/register'));
  await form.getByRole('button', { name: 'Sign Up' }).click();
  expect((await signup).headers()['x-tracking-link']).toBe(cookie.value);
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  expect(refCalls).toBe(0);

  const report = await server.ops('tracking-report');
  const today = new Date().toISOString().slice(0, 10);
  expect(report.split('\n')).toContain(`${today}\t${source}\t1\t1\t0\t0.00`);
  expect(report).not.toContain(`${source}-ref`);
  await context.close();
});
