import { expect, test, type Browser } from './helpers/fixtures.ts';
import { bonusSeenToday, closeDailyBonusWhenItOpens, fundedPlayer } from './helpers/players.ts';
import { layoutShiftFailures, openStill, watchLayoutShift } from './helpers/pageChecks.ts';

// The leaderboard's layout shift with a full board (docs/performance.md, "Layout shift"). Every public
// page's shift is measured on its one load in tests/e2e/visual.spec.ts, on the visual server whose
// data stays fresh: there the week's board is empty, a one-line note that hid the shift to catch
// (the full board arriving, up to 50 rows, pushing last week's winners down). This fills the board on
// the journeys' server and measures /leaderboard alone, with the same observer and the same limit.

/** Players with wins this week, so /leaderboard draws its podium and table as a live shop does. */
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
  test(`/leaderboard with a full board: no layout shift over the limit at ${viewport.width}×${viewport.height}`, async ({ page, browser, baseURL }) => {
    // Eight players registered, funded and betting through the API, then one page: seconds, minutes on busy cores.
    test.setTimeout(120_000);
    await fillLeaderboard(browser, baseURL!);
    await page.setViewportSize(viewport);
    await watchLayoutShift(page);
    await bonusSeenToday(page);
    await closeDailyBonusWhenItOpens(page);
    await openStill(page, '/leaderboard');
    await expect(page.getByTestId('podium'), 'the board is full').toBeVisible();
    expect(await layoutShiftFailures(page, `/leaderboard @${viewport.width}×${viewport.height}`)).toEqual([]);
  });
}
