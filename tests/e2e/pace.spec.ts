import { expect, test, type Locator, type Page } from './helpers/fixtures.ts';
import { bonusSeenToday, fundedPlayer, headerBalance, signIn } from './helpers/players.ts';
import { restingToast } from './helpers/toasts.ts';

// Pace (docs/games.md "Dice pace", docs/client-shell.md "Signed-in reloads"): dice re-arms Roll on
// the answer, a roll during the slide lands the scene on the newest settled roll, the controls
// never move (Roll on a phone, Start / Stop once the profit graph shows), the hotkeys are off until
// the player turns them on and never act while typing; and a signed-in reload never paints the
// guest's Login / Sign up, watched from the first script of the page. How fast Roll re-arms is
// measured by bench/dice/pace.ts, not here.

// This file is about motion: it plays the scenes in full (the journeys' default is reduced, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test.setTimeout(120_000);
const SCENE = { timeout: 30_000 };

type Answer = { roll: number; balance: number };

const boxOf = async (locator: Locator) => {
  await expect(locator).toBeVisible();
  return (await locator.boundingBox())!;
};
/** Where an element's top is in the page (not the window: a click may scroll the page). */
const pageTop = (locator: Locator) => locator.evaluate((e) => e.getBoundingClientRect().top + scrollY);

/** The next dice answer's data. */
const nextAnswer = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/dice/bet') && r.request().method() === 'POST').then(async (r) => (await r.json()).data as Answer);

test('dice: Roll re-arms on the answer, the scene lands on the newest roll, nothing moves; hotkeys only when on; plinko and Mines take theirs', async ({ page, request, baseURL }) => {
  await bonusSeenToday(page);
  await fundedPlayer(page, request, baseURL!, 50, 'pace');
  let bets = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/dice/bet') && r.method() === 'POST') bets += 1;
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dice');
  const scene = page.getByTestId('dice-scene');
  await expect(scene).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  const roll = page.getByRole('button', { name: 'Roll dice' });
  const before = await boxOf(roll);
  expect(before.y + before.height, 'Roll in the first screen').toBeLessThanOrEqual(844);
  const rollTop = await pageTop(roll);

  // Two rolls, the second clicked as soon as Roll is armed again: the first slide is cut to its
  // settled roll and the scene ends on the second's, with its balance.
  const first = nextAnswer(page);
  await roll.click();
  await first;
  const second = nextAnswer(page);
  await expect(roll).toBeEnabled();
  await roll.click();
  const last = await second;
  await expect(scene).toHaveAttribute('data-scene-phase', 'finished', SCENE);
  await expect(page.getByTestId('dice-result')).toContainText(`Rolled ${last.roll.toFixed(2)}`);
  await expect(headerBalance(page)).toContainText(last.balance.toFixed(2));
  expect(Math.abs((await pageTop(roll)) - rollTop), 'Roll moved').toBeLessThanOrEqual(1);

  // Hotkeys are off by default: Space on the page (nothing focused) places no bet.
  const hotkeys = page.getByRole('switch', { name: 'Hotkeys' });
  await expect(hotkeys).not.toBeChecked();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Space');
  // On: W doubles, S halves, Q swaps over / under, Space rolls; typed into a field, a key is a key.
  await hotkeys.check();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const amount = page.getByLabel('Bet amount');
  await page.keyboard.press('w');
  await expect(amount).toHaveValue('2.00');
  await page.keyboard.press('s');
  await expect(amount).toHaveValue('1.00');
  await page.keyboard.press('q');
  await expect(page.locator('.dice-target')).toContainText('Roll over');
  await amount.press('End');
  await amount.press('s');
  await expect(amount).toHaveValue('1.00s');
  await amount.fill('0.10');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const byKey = nextAnswer(page);
  await page.keyboard.press('Space');
  const keyed = await byKey;
  await expect(page.getByTestId('dice-result')).toContainText(`Rolled ${keyed.roll.toFixed(2)}`, SCENE);
  expect(bets, 'two clicks and one Space with hotkeys on; the Space with them off placed nothing').toBe(3);

  // Instant: the verdict with the answer, no slide.
  await page.getByRole('switch', { name: 'Instant' }).check();
  const instant = nextAnswer(page);
  await roll.click();
  await expect(page.getByTestId('dice-result')).toContainText(`Rolled ${(await instant).roll.toFixed(2)}`);
  expect(Math.abs((await pageTop(roll)) - rollTop), 'Roll moved').toBeLessThanOrEqual(1);

  // Plinko on a phone: its result toast comes up from the bottom, never over the board.
  await page.goto('/plinko');
  await expect(page.getByTestId('plinko-scene')).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  // Watched every frame from before the drop (helpers/toasts.ts): read at rest, where the player reads it.
  const rested = restingToast(page, SCENE);
  await page.getByRole('button', { name: 'Drop ball' }).click();
  const board = await boxOf(page.getByTestId('plinko-scene'));
  const toastBox = await rested;
  expect(toastBox.top, `toast ${JSON.stringify(toastBox)} over the board ${JSON.stringify(board)}`).toBeGreaterThanOrEqual(board.y + board.height);
  expect(toastBox.bottom).toBeLessThanOrEqual(844 - 64);

  // 1440×900, auto-bet: Start / Stop stays where it was, in the first screen, once the graph shows.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dice');
  await expect(scene).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  await page.getByRole('button', { name: 'Auto', exact: true }).click();
  const start = page.getByRole('button', { name: 'Start auto-bet' });
  const startBox = await boxOf(start);
  expect(startBox.y + startBox.height, 'Start in the first screen').toBeLessThanOrEqual(900);
  await page.getByLabel('Number of bets (0 = until stopped)').fill('3');
  await start.click();
  await expect(page.getByText(/Bets 3 · Profit/)).toBeVisible(SCENE);
  await expect(page.getByTestId('autobet-graph')).toBeVisible();
  const startAfter = await boxOf(start);
  expect(Math.abs(startAfter.y - startBox.y), `Start moved from ${startBox.y} to ${startAfter.y}`).toBeLessThanOrEqual(1);
  expect(startAfter.y + startAfter.height, 'Start in the first screen').toBeLessThanOrEqual(900);

  // Plinko takes the Hotkeys alone (no Instant: the fall is the game), kept apart from dice's: off
  // until switched on, then W doubles, S halves and Space drops a ball.
  await page.goto('/plinko');
  await expect(page.getByTestId('plinko-scene')).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  await expect(page.getByRole('switch', { name: 'Instant' })).toHaveCount(0);
  const plinkoKeys = page.getByRole('switch', { name: 'Hotkeys' });
  await expect(plinkoKeys).not.toBeChecked();
  await plinkoKeys.check();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const plinkoAmount = page.getByLabel('Bet amount');
  await plinkoAmount.fill('0.10');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('w');
  await expect(plinkoAmount).toHaveValue('0.20');
  await page.keyboard.press('s');
  await expect(plinkoAmount).toHaveValue('0.10');
  const dropped = page.waitForResponse((r) => r.url().endsWith('/api/plinko/bet') && r.request().method() === 'POST');
  await page.keyboard.press('Space');
  expect((await dropped).ok()).toBe(true);

  // Mines takes both, its own (off on a page whose dice and plinko Hotkeys are on): Space bets, R
  // turns a random tile, Space cashes a board with a gem out; with Instant each answer's board is
  // drawn at once, the scene never running a flip.
  await page.goto('/mines');
  const minesScene = page.getByTestId('mines-scene');
  await expect(minesScene).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  const minesKeys = page.getByRole('switch', { name: 'Hotkeys' });
  await expect(minesKeys).not.toBeChecked();
  await minesKeys.check();
  await page.getByRole('switch', { name: 'Instant' }).check();
  await page.getByLabel('Bet amount').fill('0.10');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await minesScene.evaluate((el) => {
    const w = window as unknown as { minesPhases: string[] };
    w.minesPhases = [];
    new MutationObserver(() => w.minesPhases.push(el.getAttribute('data-scene-phase') ?? '')).observe(el, { attributeFilter: ['data-scene-phase'] });
  });
  const minesAnswer = (action: string) =>
    page.waitForResponse((r) => r.url().endsWith(`/api/mines/${action}`) && r.request().method() === 'POST').then(async (r) => (await r.json()).data as { status: string; revealed: number[]; payout: number });
  const started = minesAnswer('bet');
  await page.keyboard.press('Space');
  expect((await started).status).toBe('open');
  await expect(page.getByTestId('mines-cashout')).toBeVisible();
  const turned = minesAnswer('reveal');
  await page.keyboard.press('r');
  const minesBoard = await turned;
  expect(minesBoard.revealed).toHaveLength(1);
  await expect(page.getByTestId('mines-result')).toHaveText(minesBoard.status === 'open' ? `1 gem · cash out ${minesBoard.payout.toFixed(2)}` : 'Hit a mine · no win');
  if (minesBoard.status === 'open') {
    const cashed = minesAnswer('cashout');
    await page.keyboard.press('Space');
    expect((await cashed).status).toBe('cashed_out');
    await expect(page.getByTestId('mines-result')).toContainText('Cashed out');
  }
  expect(await page.evaluate(() => (window as unknown as { minesPhases: string[] }).minesPhases), 'Instant: no flip played').not.toContain('running');
});

for (const size of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`${size.width}×${size.height}: a signed-in reload never paints the guest's Login or Sign up`, async ({ page, request, baseURL }) => {
    await page.setViewportSize(size);
    await bonusSeenToday(page);
    await signIn(page, request, baseURL!, 'reload');
    // From the page's first script: a MutationObserver notes each change of the DOM, and the frame
    // after it (requestAnimationFrame runs just before a paint, and not while a stylesheet still
    // blocks the first one) writes down any guest control that frame paints, until the player's
    // header shows.
    await page.addInitScript(() => {
      const w = window as unknown as { guestSeen: string[] };
      w.guestSeen = [];
      const GUEST = /^(Login|Log in|Sign up|Register|Sign in)$/;
      let done = false;
      let queued = false;
      const look = () => {
        queued = false;
        for (const el of document.querySelectorAll('button, a')) {
          const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
          if (!GUEST.test(text) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
          const box = el.getBoundingClientRect();
          if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight) w.guestSeen.push(`${text} at ${Math.round(box.x)},${Math.round(box.y)}`);
        }
        if (document.querySelector('.header__user')?.checkVisibility()) done = true;
      };
      const queue = () => {
        if (done || queued) return;
        queued = true;
        requestAnimationFrame(look);
      };
      new MutationObserver(queue).observe(document, { childList: true, subtree: true, attributes: true });
      queue();
    });
    // The profile answers late, so React's guest render (if any) has frames to be painted in.
    await page.route('**/api/profile', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    for (const path of ['/', '/dice', '/']) {
      await page.goto(path);
      await expect(page.locator('a.header__user')).toBeVisible(SCENE);
      expect(await page.evaluate(() => (window as unknown as { guestSeen: string[] }).guestSeen), `guest controls painted on ${path}`).toEqual([]);
    }
  });
}
