import { expect, test } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer } from './helpers/players.ts';

// From a bet in the player's history to its public page (docs/transparency.md): the name hidden by
// default and shown once the player ticks the history's setting, the seed shown once the pair is rotated, and Verify recomputing the roll in the browser
// with core's fairness code, Replay playing the recomputed roll in the dice scene and the share
// link being the page's address; then /transparency lists dice with the bet counted.

test.setTimeout(120_000);

test('a dice bet opens its public page from the history, verifies in the browser and counts on /transparency', async ({ page, request, baseURL }) => {
  const { headers } = await fundedPlayer(page, request, baseURL!, 100, 'public-bet');
  await closeDailyBonusWhenItOpens(page);
  const placed = await request.post('/api/dice/bet', { headers, data: { amount: 1, target: 50, direction: 'over' } });
  expect(placed.ok(), await placed.text()).toBe(true);
  const bet = (await placed.json()).data;
  expect((await request.post('/api/fair/seeds/rotate', { headers, data: {} })).ok()).toBe(true);

  await page.goto('/profile/history');
  await page.getByTestId('bet-history-row').first().getByRole('link', { name: 'Dice' }).click();
  await expect(page).toHaveURL(/\/bets\/[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dice bet by a hidden player');
  const address = page.url();

  // The player shows their name: the same page now says who played.
  await page.goBack();
  const setting = page.waitForResponse((r) => r.url().endsWith('/api/profile/bet-name') && r.request().method() === 'PUT');
  await page.getByLabel("Show my name on my bets' public pages").check();
  expect((await setting).ok()).toBe(true);
  await page.getByTestId('bet-history-row').first().getByRole('link', { name: 'Dice' }).click();
  await expect(page).toHaveURL(address);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Dice bet by public-b\d+$/);

  await page.getByTestId('bet-verify').click();
  const result = page.getByTestId('bet-verify-result');
  await expect(result).toContainText('matches the hash committed before the bet');
  await expect(page.getByTestId('bet-verify-outcome')).toHaveText(`Roll ${bet.roll.toFixed(2)}`);

  // Share: the link offered is the page's own address.
  await expect(page.getByTestId('bet-share-link')).toHaveValue(address);
  // Replay: the roll recomputed from the seeds plays in the dice scene, lands, and is the bet's.
  await page.getByTestId('bet-replay').click();
  const stage = page.getByTestId('bet-replay-scene');
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished', { timeout: 30_000 });
  // The scene's own final frame: the roll on its marker and the verdict the dice page shows for it.
  expect(await stage.evaluate((el) => (el as HTMLElement & { sceneShown?: () => unknown }).sceneShown?.())).toBe(`${bet.roll.toFixed(2)} ${bet.win ? `WIN ×${bet.multiplier.toFixed(2)}` : 'LOSE'}`);
  await expect(page.getByTestId('bet-replay-outcome')).toHaveText(new RegExp(`^Roll ${bet.roll.toFixed(2)} · ${bet.win ? 'won' : 'no win'}.* — the same as the stored result\\.$`));

  await page.getByRole('link', { name: /Transparency/ }).first().click();
  await expect(page).toHaveURL(/\/transparency$/);
  await expect(page.getByTestId('transparency-table').getByRole('row', { name: /Dice/ })).toBeVisible();
});

test("an upgrade's public page replays its dial from the revealed seeds and lands on the bet's ticket", async ({ page, request, baseURL }) => {
  const { headers } = await fundedPlayer(page, request, baseURL!, 100, 'upgrade-replay');
  await closeDailyBonusWhenItOpens(page);
  // Balance put in for a catalog item: about a 30 % chance.
  const target = (await (await request.get('/api/upgrade/items?min_price=20&limit=1')).json()).data[0];
  const placed = await request.post('/api/upgrade', { headers, data: { inventory_ids: [], amount: Math.round(target.price * 30) / 100, target_item_id: target.id } });
  expect(placed.ok(), await placed.text()).toBe(true);
  const upgrade = (await placed.json()).data as { roll: number; win: boolean; chance: number };
  expect((await request.post('/api/fair/seeds/rotate', { headers, data: {} })).ok()).toBe(true);
  const row = (await (await request.get('/api/profile/bets', { headers })).json()).data[0];
  expect(row.game).toBe('upgrade');

  await page.goto(`/bets/${row.public_id}`);
  await page.getByTestId('bet-replay').click();
  const stage = page.getByTestId('bet-replay-scene');
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished', { timeout: 30_000 });
  // The dial's own final frame: the verdict and where the needle stopped, as the upgrade page shows them.
  const percent = (upgrade.roll - 1) / 1000;
  expect(await stage.evaluate((el) => (el as HTMLElement & { sceneShown?: () => unknown }).sceneShown?.())).toBe(`${upgrade.win ? 'WIN' : 'LOSE'} ROLL ${percent.toFixed(2)}`);
  await expect(page.getByTestId('bet-replay-outcome')).toHaveText(
    `Ticket ${upgrade.roll} (${percent.toFixed(2)} % on the dial) · chance ${upgrade.chance.toFixed(3)} % · ${upgrade.win ? 'upgraded' : 'no win'} — the same as the stored result.`,
  );
});
