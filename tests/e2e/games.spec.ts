import { expect, test, type Page } from './helpers/fixtures.ts';
import { MOTION_VIEWPORT } from './helpers/motion.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer, headerBalance } from './helpers/players.ts';
import { coinsShown, expectShownMatchesHistory } from './helpers/shownVsHistory.ts';

// Journeys of the instant games against the built product, with and without reduced motion: a
// bet is decided on the server, the scene plays it, and the header balance changes only when the
// scene has finished (the scene host mirrors its phase to data-scene-phase).

// This file is about motion: it plays the scenes in full (the journeys' default is reduced, playwright.config.ts).
test.use({ reducedMotion: 'no-preference', viewport: MOTION_VIEWPORT });

// Pixi start-up and WebGL in headless Chromium are slow on a busy 2-core machine: generous waits.
test.setTimeout(120_000);
const SCENE = { timeout: 30_000 };

async function openGame(page: Page, path: string) {
  await closeDailyBonusWhenItOpens(page);
  await page.goto(path);
}

async function balanceText(page: Page): Promise<string> {
  return ((await headerBalance(page).textContent()) ?? '').replace(/[^\d.]/g, '');
}

for (const reduced of [false, true]) {
  const label = reduced ? 'reduced motion' : 'full motion';

  test(`dice (${label}): a roll plays, then the balance updates`, async ({ page, request, baseURL }) => {
    if (reduced) await page.emulateMedia({ reducedMotion: 'reduce' });
    const player = await fundedPlayer(page, request, baseURL!, 100, 'games');
    await openGame(page, '/dice');
    const scene = page.getByTestId('dice-scene');
    await expect(scene).toHaveAttribute('data-scene-phase', 'ready', SCENE);
    await expect(headerBalance(page)).toContainText('100.00');
    if (!reduced) {
      // The win chance and the multiplier can be typed (read on Enter or leaving the field): each
      // sets the target, and the other shows what the server pays for it; a bad value is refused.
      await page.getByLabel('Win chance').fill('25');
      await page.getByLabel('Win chance').press('Enter');
      await expect(page.getByLabel('Multiplier')).toHaveValue('3.9600');
      await expect(page.locator('.dice-target')).toContainText('Roll under 25.00');
      await page.getByLabel('Multiplier').fill('0.5');
      await page.getByLabel('Multiplier').press('Tab');
      const problem = page.getByRole('region', { name: 'Dice controls' }).getByRole('alert');
      await expect(problem).toHaveText('The multiplier must be between 1.0102× and 9900.0000×.');
      await page.getByLabel('Multiplier').fill('2');
      await page.getByLabel('Multiplier').press('Tab');
      await expect(page.getByLabel('Win chance')).toHaveValue('49.50');
      await expect(problem).toHaveCount(0);
    }
    await page.getByLabel('Bet amount').fill('2.00');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
    await page.getByRole('button', { name: 'Roll dice' }).click();
    const data = (await (await answer).json()).data;
    // Until the scene has finished the header still shows the old balance.
    if (!reduced) {
      await expect(scene).toHaveAttribute('data-scene-phase', 'running');
      expect(await balanceText(page)).toBe('100.00');
    }
    await expect(scene).toHaveAttribute('data-scene-phase', 'finished', SCENE);
    await expect(headerBalance(page)).toContainText(data.balance.toFixed(2), SCENE);
    await expect(page.getByTestId('dice-result')).toContainText(`Rolled ${data.roll.toFixed(2)}`);
    const diceShown = await page.getByTestId('dice-result').textContent();
    await expectShownMatchesHistory(request, player.headers, { game: 'dice', payout: diceShown!.includes('no win') ? 0 : coinsShown(diceShown!.split('won')[1]!) });
    await expect(page.getByTestId('fair-line')).toContainText(data.server_seed_hash);
  });

  test(`plinko (${label}): a ball lands in the decided slot, then the balance updates`, async ({ page, request, baseURL }) => {
    if (reduced) await page.emulateMedia({ reducedMotion: 'reduce' });
    const player = await fundedPlayer(page, request, baseURL!, 100, 'games');
    await openGame(page, '/plinko');
    const scene = page.getByTestId('plinko-scene');
    await expect(scene).toHaveAttribute('data-scene-phase', 'ready', SCENE);
    await expect(page.getByText(/Return to player/)).toBeVisible();
    await page.getByLabel('Bet amount').fill('1.00');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/plinko/bet'));
    await page.getByRole('button', { name: 'Drop ball' }).click();
    const body = await (await answer).json();
    if (!reduced) {
      await expect(scene).toHaveAttribute('data-scene-phase', 'running');
      expect(await balanceText(page)).toBe('100.00');
    }
    await expect(scene).toHaveAttribute('data-scene-phase', 'finished', SCENE);
    await expect(headerBalance(page)).toContainText(body.data.balance.toFixed(2), SCENE);
    await expect(page.getByTestId('plinko-result')).toContainText(`Slot ${body.data.slot}`);
    const plinkoShown = /Slot \d+ · ([\d.]+)× · payout ([\d.]+)/.exec((await page.getByTestId('plinko-result').textContent()) ?? '');
    expect(plinkoShown).not.toBeNull();
    await expectShownMatchesHistory(request, player.headers, { game: 'plinko', payout: Number(plinkoShown![2]), multiplier: Number(plinkoShown![1]) });
    // Each ball's msg is the one plinko toast, replaced by the next ball's, never a stack of them
    // (docs/games.md, "Toasts"): the most toasts on screen at once while two more balls land, not
    // counting one that plays its closing animation.
    await page.evaluate(() => {
      const w = window as unknown as { mostToasts: number };
      w.mostToasts = 0;
      new MutationObserver(() => (w.mostToasts = Math.max(w.mostToasts, document.querySelectorAll('.Toastify__toast:not([class*="-exit"])').length))).observe(document.body, { childList: true, subtree: true });
    });
    for (let ball = 0; ball < 2; ball++) {
      const landed = page.waitForResponse((r) => r.url().endsWith('/api/plinko/bet'));
      await page.getByRole('button', { name: 'Drop ball' }).click();
      await landed;
    }
    await expect(scene).toHaveAttribute('data-scene-phase', 'finished', SCENE);
    await expect.poll(() => page.evaluate(() => (window as unknown as { mostToasts: number }).mostToasts)).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { mostToasts: number }).mostToasts)).toBe(1);
  });

  test(`upgrade (${label}): balance into a target item, the gauge spins, then balance and result update`, async ({ page, request, baseURL }) => {
    if (reduced) await page.emulateMedia({ reducedMotion: 'reduce' });
    const player = await fundedPlayer(page, request, baseURL!, 100, 'games');
    await openGame(page, '/upgrade');
    const scene = page.getByTestId('upgrade-scene');
    await expect(scene).toHaveAttribute('data-scene-phase', 'ready', SCENE);
    await page.getByLabel('Add balance').fill('5');
    // The cheapest target at or above 5 coins: chance = 5 / price × 0.95.
    // The list reloads for the new stake (targets dearer than it): a click that lands on the list of
    // the old stake picks a target the stake already covers, so pick until the Upgrade button takes it.
    const firstTarget = page.locator('[data-testid^="upgrade-target-"]').first();
    await expect(async () => {
      await firstTarget.click();
      await expect(page.getByRole('button', { name: 'Upgrade', exact: true })).toBeEnabled({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('upgrade-chance')).not.toHaveText('0.000%');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/upgrade'));
    await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
    const res = await answer;
    expect(res.status(), await res.text()).toBe(200);
    const data = (await res.json()).data;
    await expect(scene).toHaveAttribute('data-scene-phase', 'finished', SCENE);
    await expect(headerBalance(page)).toContainText(data.balance.toFixed(2), SCENE);
    await expect(page.getByTestId('upgrade-result')).toContainText(data.win ? `Upgraded to ${data.item.item.name}:` : 'No upgrade this time: the needle stopped at');
    // The target beside the dial says Won with the item's value, or Not this time (nothing paid).
    const target = page.getByTestId('upgrade-target');
    await expect(target.locator('.upgrade-target__note')).toHaveText(data.win ? 'In your inventory' : 'Not this time');
    const won = (await target.locator('.upgrade-target__note').textContent()) === 'In your inventory';
    await expectShownMatchesHistory(request, player.headers, { game: 'upgrade', payout: won ? coinsShown(await target.locator('.coins').textContent()) : 0 });
  });
}

test('dice auto-bet runs the set number of bets one at a time and can be stopped', async ({ page, request, baseURL }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await fundedPlayer(page, request, baseURL!, 100, 'games');
  await openGame(page, '/dice');
  await expect(page.getByTestId('dice-scene')).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  let inFlight = 0;
  let maxInFlight = 0;
  let bets = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/dice/bet')) {
      inFlight += 1;
      bets += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
    }
  });
  page.on('requestfinished', (r) => {
    if (r.url().endsWith('/api/dice/bet')) inFlight -= 1;
  });
  await page.getByRole('button', { name: 'Auto' }).click();
  await page.getByLabel('Bet amount').fill('0.10');
  await page.getByLabel('Number of bets (0 = until stopped)').fill('5');
  await page.getByRole('button', { name: 'Start auto-bet' }).click();
  await expect(page.getByText(/Bets 5 · Profit/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Start auto-bet' })).toBeVisible();
  expect(bets).toBe(5);
  expect(maxInFlight).toBe(1);

  // Until stopped: runs until the Stop button ends it.
  await page.getByLabel('Number of bets (0 = until stopped)').fill('0');
  await page.getByRole('button', { name: 'Start auto-bet' }).click();
  await expect(page.getByText(/Bets [1-9]\d* · Profit/)).toBeVisible();
  await page.getByRole('button', { name: 'Stop auto-bet' }).click();
  await expect(page.getByText(/stopped \(stopped\)/)).toBeVisible({ timeout: 10_000 });
  const after = bets;
  await page.waitForTimeout(500);
  expect(bets).toBe(after);
});
