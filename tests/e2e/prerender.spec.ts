import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { APP_LOADING } from './helpers/appLoading.ts';

// The prerendered pages (scripts/prerender.ts, docs/performance.md "Prerendered pages"): / and /boxes
// paint from HTML and CSS alone, a signed-in player's first paint hides the guest controls, and React
// then takes the page over without errors. The client under test must be built by `npm run build`
// (vite build, then the prerender).
const clientDir = process.env.CLIENT_DIR ?? './dist/client';

test.beforeAll(() => {
  expect(existsSync(path.join(clientDir, 'prerendered', 'index.html')), `${clientDir} has no prerendered pages: build it with \`npm run build\` (or \`node scripts/prerender.ts ${clientDir}\` after vite build)`).toBe(true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows the header and the hero, /boxes its heading and filters', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Open mystery boxes.');
    await expect(page.locator('.home-hero__float').first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await page.goto('/boxes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mystery boxes');
    await expect(page.getByRole('combobox', { name: 'Sort' })).toBeVisible();
    // The loading state, not an empty result.
    await expect(page.getByText('No boxes match these filters.')).toHaveCount(0);
  });

  test('other pages are not prerendered', async ({ page }) => {
    await page.goto('/dice');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test("a signed-in player's first paint hides the guest controls", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'token', value: 'not-checked-before-the-script-runs', url: baseURL! }]);
  // The entry script never arrives: what shows is the prerendered page alone.
  await page.route(/\/assets\/index-[^/]*\.js$/, () => undefined);
  await page.goto('/', { waitUntil: 'commit' });
  const guest = page.locator('.guest-only');
  await expect(guest).toHaveCount(4); // Login, Sign up, the phone's Login icon, Create account
  for (const control of await guest.all()) await expect(control).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

for (const route of ['/', '/boxes']) {
  test(`React takes ${route} over without errors or a loading overlay`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(() => {
      const w = window as unknown as { overlaySeen: boolean };
      w.overlaySeen = false;
      new MutationObserver(() => (w.overlaySeen ||= document.querySelector('[data-testid="loading-overlay"]') !== null)).observe(document, { childList: true, subtree: true });
    });
    await page.goto(route);
    await expect(page.locator(APP_LOADING)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { overlaySeen: boolean }).overlaySeen)).toBe(false);
    expect(errors).toEqual([]);
  });
}
