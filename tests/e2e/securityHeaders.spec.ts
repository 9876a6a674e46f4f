import { expect, test, type Page } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer } from './helpers/players.ts';

// The built client runs under the server's Content-Security-Policy in Chromium: pages load, the
// Pixi scenes start and play (WebGL, texture workers), the websockets connect, and the browser
// reports no violation. An injected inline script is refused.

test.setTimeout(180_000);
const SCENE = { timeout: 30_000 };

/** Every securitypolicyviolation the page reports (also those of caught probes, which log nothing). */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return violations;
}

test('pages, scenes and sockets run under the CSP with no violation', async ({ page, request, baseURL }) => {
  const violations = await recordViolations(page);
  const home = await request.get('/');
  expect(home.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  await fundedPlayer(page, request, baseURL!, 50, 'csp');
  await closeDailyBonusWhenItOpens(page);
  for (const [path, testId] of [['/dice', 'dice-scene'], ['/plinko', 'plinko-scene']] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  }
  await page.getByLabel('Bet amount').fill('1.00');
  await page.getByRole('button', { name: 'Drop ball' }).click();
  await expect(page.getByTestId('plinko-scene')).toHaveAttribute('data-scene-phase', 'finished', SCENE);
  await page.goto('/boxes/gift-card-grab');
  await expect(page.locator('[data-scene-phase]').first()).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  await page.goto('/');
  // The live feed's websocket (Pusher protocol) is connected under connect-src 'self'.
  await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
  expect(violations).toEqual([]);

  // An inline script is refused (the check above can fail).
  await page.evaluate(() => {
    const el = document.createElement('script');
    el.textContent = 'window.__injected = true';
    document.body.appendChild(el);
  });
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
