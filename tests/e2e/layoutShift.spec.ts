import { expect, test, type Browser, type Page } from '@playwright/test';
import { fundedPlayer } from './helpers/players.ts';
import { PUBLIC_ROUTES } from './helpers/routes.ts';
import { APP_LOADING } from './helpers/appLoading.ts';

// Cumulative layout shift on the main pages, as the browser reports it: layout-shift entries not
// caused by recent input, summed from navigation until the page has settled (docs/performance.md,
// "Layout shift"). The sum is stricter than Lighthouse's CLS (its largest 5 s session window).
// Every public page, at desktop and phone size.
const LIMIT = 0.05;

async function layoutShift(page: Page, path: string): Promise<{ total: number; sources: string[] }> {
  await page.goto(path);
  await expect(page.locator(APP_LOADING)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  return page.evaluate(() => (window as unknown as { __shifts: { total: number; sources: string[] } }).__shifts);
}

/**
 * Players with wins this week, so /leaderboard draws its podium and table as a live shop does: an
 * empty board is a one-line note, and the shift to catch is the full board arriving (up to 50 rows).
 */
let boardFilled = false;
async function fillLeaderboard(browser: Browser, baseURL: string): Promise<void> {
  if (boardFilled) return;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  for (let p = 0; p < 8; p++) {
    const { headers } = await fundedPlayer(page, context.request, baseURL, 50, 'cls');
    for (let bet = 0; bet < 3; bet++) {
      const res = await context.request.post('/api/dice/bet', { headers, data: { amount: 1, target: 90, direction: 'under' } });
      expect(res.ok(), await res.text()).toBe(true);
    }
  }
  await context.close();
  boardFilled = true;
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`no layout shift over ${LIMIT} at ${viewport.width} px`, async ({ page, browser, baseURL }) => {
    test.setTimeout(300_000);
    await fillLeaderboard(browser, baseURL!);
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      const shifts = { total: 0, sources: [] as string[] };
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
          if (entry.hadRecentInput) continue;
          shifts.total += entry.value;
          for (const source of entry.sources ?? []) {
            const el = source.node instanceof Element ? source.node : source.node?.parentElement;
            if (el) shifts.sources.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${entry.value.toFixed(3)}`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const failures: string[] = [];
    for (const path of PUBLIC_ROUTES) {
      const { total, sources } = await layoutShift(page, path);
      if (total > LIMIT) failures.push(`${path}: ${total.toFixed(3)} ${sources.slice(0, 6).join(' | ')}`);
    }
    expect(failures).toEqual([]);
  });
}
