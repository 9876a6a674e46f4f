import { expect, test, type Page } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer } from './helpers/players.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { docShot } from './helpers/screenshots.ts';

// The upgrade target picker (docs/games.md "Upgrade target picker"): targets start dearer than the
// stake, search and price filter narrow them, ×1.5/×2/×5/×10 chips pick from that multiple, the
// cards flow with the page (no little scroll box), a miss reads as a game result, and on a phone
// the picker comes before the history.

const targetPrices = (page: Page) =>
  page.locator('[data-testid^="upgrade-target-"] .coins').evaluateAll((els) => els.map((el) => Number(el.textContent!.replace(/[^0-9.]/g, ''))));
const targetNames = (page: Page) => page.locator('[data-testid^="upgrade-target-"] .upgrade-card__name').allTextContents();

test('desktop: search, price filter and multiplier chips over targets dearer than the stake; a result stays until the player acts', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' }); // the gauge shows its result at once
  await page.setViewportSize({ width: 1440, height: 900 });
  const { headers } = await fundedPlayer(page, request, baseURL!, 200, 'upgrade');
  const opened = await request.post('/api/boxes/gift-card-grab/open', { headers, data: { quantity: 1 } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const stake = { id: (await opened.json()).data.openings[0].inventory_id as number };
  await closeDailyBonusWhenItOpens(page);
  await page.goto('/upgrade');
  await expect(page.locator(APP_LOADING)).toHaveCount(0); // a prerendered page: clicks wait for React
  const picker = page.getByTestId('upgrade-picker');
  await page.getByLabel('Add balance').fill('10');
  await expect(picker.getByText('Targets dearer than your 10.00, cheapest first.')).toBeVisible();
  await expect.poll(async () => Math.min(...(await targetPrices(page)))).toBeGreaterThan(10);

  // The cards are in the page's flow: the grid is as tall as its cards, with no scroll of its own.
  const grid = picker.locator('.upgrade-grid');
  expect(await grid.evaluate((el) => getComputedStyle(el).overflowY)).toBe('visible');
  expect(await grid.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);

  // Chips: ×5 asks for targets from 50.00 and picks the nearest one.
  await picker.getByRole('button', { name: '×5', exact: true }).click();
  await expect(picker.getByRole('button', { name: '×5', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => Math.min(...(await targetPrices(page)))).toBeGreaterThanOrEqual(50);
  await expect(picker.locator('[data-testid^="upgrade-target-"][aria-pressed="true"]')).toHaveCount(1);
  const chance = Number((await page.getByTestId('upgrade-chance').textContent())!.replace('%', ''));
  expect(chance).toBeGreaterThan(1);
  expect(chance).toBeLessThanOrEqual(19); // 10 / ≥ 50 × 0.95
  await picker.getByRole('button', { name: '×5', exact: true }).click(); // off again

  // The price filter and the search.
  await picker.getByLabel('Price from').fill('60');
  await picker.getByLabel('Price to').fill('120');
  await expect.poll(async () => (await targetPrices(page)).every((p) => p >= 60 && p <= 120) && (await targetPrices(page)).length > 0).toBe(true);
  await picker.getByLabel('Price from').fill('');
  await picker.getByLabel('Price to').fill('');
  await picker.getByLabel('Search').fill('steam');
  await expect.poll(async () => { const names = await targetNames(page); return names.length > 0 && names.every((n) => /steam/i.test(n)); }).toBe(true);
  await page.mouse.move(10, 890);
  await page.evaluate(() => window.scrollTo(0, 420)); // the gauge's stats, the picker and its cards
  await docShot(page, 'after-upgrade-1440x900.png');
  await picker.getByLabel('Search').fill('');

  // Play one item at ×10 (a chance under 10 %): the result line is a game result either way, and
  // the result stays until the player acts (docs/games.md "Upgrade result"): the dial's stake,
  // chance and target are the played ones, no range warning, the target pictured beside the dial.
  await page.getByLabel('Add balance').fill('');
  await page.getByTestId(`upgrade-input-${stake.id}`).click();
  await picker.getByRole('button', { name: '×10', exact: true }).click();
  // The chip's own pick: a target from ten times the stake, not one left from the search before.
  const stakeCoins = Number((await page.getByTestId('upgrade-stake').textContent())!.replace(/[^0-9.]/g, ''));
  const chosen = picker.locator('[data-testid^="upgrade-target-"][aria-pressed="true"]');
  await expect.poll(async () => Number((await chosen.locator('.coins').textContent({ timeout: 1000 }).catch(() => '0'))!.replace(/[^0-9.]/g, ''))).toBeGreaterThanOrEqual(stakeCoins * 10);
  await expect(chosen).toHaveCount(1);
  const targetId = await chosen.getAttribute('data-testid');
  const targetName = (await chosen.locator('.upgrade-card__name').textContent())!;
  const stage = page.getByRole('region', { name: 'Upgrade' });
  await expect(stage.getByTestId('upgrade-target')).toContainText(targetName);
  await expect(stage.getByTestId('upgrade-target').locator('img')).toBeVisible();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/upgrade'));
  const reloaded = page.waitForResponse((r) => r.url().includes('/api/profile/inventory') && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
  const data = (await (await answer).json()).data;
  await reloaded; // the page refreshed its inventory after the play: what follows is what stays
  const result = page.getByTestId('upgrade-result');
  if (data.win) await expect(result).toContainText(`Upgraded to ${data.item.item.name}:`);
  else {
    await expect(result).toHaveText(/^No upgrade this time: the needle stopped at \d+\.\d{3}, outside your \d+\.\d{3}%\.$/);
    await expect(result).not.toHaveClass(/--lose/);
  }
  await expect(page.getByTestId('upgrade-chance')).toHaveText(`${data.chance.toFixed(3)}%`);
  await expect(stage.getByText(/The chance must be between/)).toHaveCount(0);
  await expect(picker.getByTestId(targetId!)).toHaveAttribute('aria-pressed', 'true');
  await expect(stage.getByTestId('upgrade-target')).toContainText(targetName);
  await expect(stage.getByTestId('upgrade-target')).toContainText(data.win ? 'In your inventory' : 'Not this time');
  await docShot(page, 'upgrade-result-after-1440x900.png');
  // The player's next act (a new amount) brings the live preview back.
  await page.getByLabel('Add balance').fill('1');
  await expect(result).toHaveText('');
});

test('phone: the targets come from a bottom sheet that fits the screen', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await fundedPlayer(page, request, baseURL!, 50, 'upgrade');
  await closeDailyBonusWhenItOpens(page);
  await page.goto('/upgrade');
  await expect(page.locator(APP_LOADING)).toHaveCount(0); // a prerendered page: clicks wait for React
  await page.getByLabel('Add balance').fill('5');
  // On a phone the picker lives in a bottom sheet (docs/client-shell.md, "Phones"), opened from the target card.
  await expect(page.getByTestId('upgrade-picker')).toBeHidden();
  await page.getByRole('button', { name: 'Choose a target' }).click();
  const picker = page.getByTestId('upgrade-sheet').getByTestId('upgrade-picker');
  await expect(picker.locator('[data-testid^="upgrade-target-"]').first()).toBeVisible();
  const pickerBox = (await picker.boundingBox())!;
  expect(pickerBox.x + pickerBox.width).toBeLessThanOrEqual(390);
  const wide = await picker.evaluate((el) => [...el.querySelectorAll('*')].filter((c) => c.getBoundingClientRect().right > el.getBoundingClientRect().right + 1).map((c) => `${c.tagName}.${c.className} ${Math.round(c.getBoundingClientRect().right)}`).slice(0, 5));
  expect(wide).toEqual([]);
  await docShot(page, 'after-upgrade-390x844.png', { fullPage: true });
});
