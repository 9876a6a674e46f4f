import { expect, test, type APIRequestContext, type Page } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer, headerBalance } from './helpers/players.ts';
import { docShot } from './helpers/screenshots.ts';

// Dice auto-bet (docs/games.md "Auto-bet"): the panel's layout holds at every width (the Reset /
// Raise-by toggles are never under the % fields, Stop on loss stays inside the panel), and in auto
// mode no bet waits for an animation (full motion, not reduced): each next bet leaves on the last
// one's answer, as that roll's quick animation starts, and the balance follows each answer. The quick play's
// length (at most 200 ms, so five bets a second) is measured in tests/scenes/dice.test.ts.

const WIDTHS = [1920, 1440, 1280, 1024, 900, 860, 768, 600, 390, 320];

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A funded player on /dice at 1440×900 with the Auto tab open. */
async function openAutoPanel(page: Page, request: APIRequestContext, baseURL: string, coins: number, prefix: string) {
  await fundedPlayer(page, request, baseURL, coins, prefix);
  await closeDailyBonusWhenItOpens(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dice');
  await expect(page.getByTestId('dice-scene')).toHaveAttribute('data-scene-phase', 'ready', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Auto', exact: true }).click();
  await expect(page.getByTestId('autobet')).toBeVisible();
}

test('the auto-bet panel holds its layout at every width', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  await openAutoPanel(page, request, baseURL!, 40, 'autolay'); // crypto credits from 35 coins up
  // Raise by on both rules, so the % fields are live next to their toggles.
  for (const rule of ['On win', 'On loss']) await page.getByRole('group', { name: rule }).getByRole('button', { name: 'Raise by' }).click();
  const panel = page.getByRole('region', { name: 'Dice controls' });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const panelBox = (await panel.boundingBox())!;
    for (const rule of ['On win', 'On loss']) {
      const percent = (await page.getByLabel(`${rule} raise percent`).boundingBox())!;
      for (const name of ['Reset', 'Raise by']) {
        const toggle = (await page.getByRole('group', { name: rule }).getByRole('button', { name }).boundingBox())!;
        expect(overlaps(toggle, percent), `${width}px: ${rule} ${name} under the % field`).toBe(false);
        expect(toggle.x + toggle.width, `${width}px: ${rule} ${name} inside the panel`).toBeLessThanOrEqual(panelBox.x + panelBox.width);
      }
    }
    for (const label of ['Stop on profit', 'Stop on loss', 'Number of bets (0 = until stopped)']) {
      const field = (await page.getByLabel(label).boundingBox())!;
      expect(field.x, `${width}px: ${label}`).toBeGreaterThanOrEqual(panelBox.x);
      expect(field.x + field.width, `${width}px: ${label} inside the panel`).toBeLessThanOrEqual(panelBox.x + panelBox.width);
    }
    if (width === 1440 || width === 390) await docShot(page, `after-autobet-${width}.png`, { fullPage: width === 390 });
  }
});

test('auto mode sends each next bet while the last roll still animates, the balance following each answer', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  await openAutoPanel(page, request, baseURL!, 50, 'autofast');
  // The page notes, for each bet, when it left and when its answer arrived (fetch's answer), in
  // the page's own clock, so the Node side's latency does not enter the figures.
  await page.evaluate(() => {
    const w = window as unknown as { bets: { sent: number; answered?: number }[] };
    w.bets = [];
    const original = window.fetch;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/api/dice/bet')) return original(input, init);
      const bet: { sent: number; answered?: number } = { sent: performance.now() };
      w.bets.push(bet);
      const response = await original(input, init);
      bet.answered = performance.now();
      return response;
    };
  });
  const answers: number[] = [];
  page.on('response', async (r) => {
    if (r.url().endsWith('/api/dice/bet') && r.ok()) answers.push((await r.json()).data.balance);
  });
  // Whether the running session ever marked itself a live play (promotions keep off its Stop).
  await page.evaluate(() => {
    const w = window as unknown as { livePlaySeen: boolean };
    w.livePlaySeen = false;
    new MutationObserver(() => (w.livePlaySeen ||= document.querySelector('[data-live-play]') !== null)).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByLabel('Bet amount').fill('0.10');
  await page.getByLabel('Number of bets (0 = until stopped)').fill('10');
  await page.getByRole('button', { name: 'Start auto-bet' }).click();
  await expect(page.getByText(/Bets 10 · Profit/)).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { livePlaySeen: boolean }).livePlaySeen)).toBe(true);
  await expect(page.locator('[data-live-play]')).toHaveCount(0);
  // The session's profit over its bets as a line: a point per bet, from 0 before the first.
  const graph = page.getByTestId('autobet-graph');
  await expect(graph).toHaveAttribute('data-points', '11');
  await expect(graph).toHaveAttribute('aria-label', /^Profit over 10 bets: [+-]?\d+\.\d\d$/);
  const bets = await page.evaluate(() => (window as unknown as { bets: { sent: number; answered?: number }[] }).bets);
  expect(bets).toHaveLength(10);
  // Each next bet leaves on the last one's answer, in the same task: nothing waits for the roll's
  // quick (0.12 s) animation, which starts on that answer. A loop that waited for the scene would
  // leave at least 120 ms after each answer; the bar of 100 ms leaves room for a slow machine's
  // render of the new balance in between. (The scene's phase attribute is no measure here: it
  // follows React's commit, which may come after the next bet has already left.)
  const gaps = bets.slice(1).map((b, i) => b.sent - bets[i]!.answered!);
  const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
  expect(median, `ms from each answer to the next bet: ${gaps.map((g) => g.toFixed(1)).join(', ')}`).toBeLessThan(100);
  // The header shows the last answer's balance, not one held back behind an animation.
  await expect(headerBalance(page)).toContainText(answers.at(-1)!.toFixed(2), { timeout: 2_000 });
});
