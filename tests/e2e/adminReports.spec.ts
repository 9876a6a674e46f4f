import { expect, test } from './helpers/fixtures.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { bonusSeenToday, fundedPlayer } from './helpers/players.ts';
import { signInAdmin } from './helpers/staff.ts';

// The console's live board, game settings and reports (docs/operator-console.md): the admin sees the
// board's numbers, lowers dice's max bet, a player's bet above it is refused with the amount's
// message while a bet within it goes through, and today's report lists those bets. The setting is
// put back at the end: other journeys on this server bet on dice.

test.setTimeout(180_000);
const SLOW = { timeout: 30_000 };
const DICE_BOUNDS = { min_bet: 0.1, max_bet: 1000, max_payout: 9_900_000 };

test('console: the board shows numbers; a lowered dice max bet refuses a bigger bet; the report lists the bets', async ({ page, browser, request, baseURL }) => {
  const admin = await signInAdmin(page, request, baseURL!);
  await bonusSeenToday(page);
  const today = new Date().toISOString().slice(0, 10);
  const diceBetsBefore = async () => {
    const report = (await (await request.get(`/api/admin/reports?from=${today}&to=${today}`, { headers: admin.headers })).json()) as { data: { games: { game: string; bets: number }[] } };
    return report.data.games.find((g) => g.game === 'dice')?.bets ?? 0;
  };

  // The board is the console's first page: numbers, and this server as the leader.
  await page.goto('/admin');
  await page.locator(APP_LOADING).waitFor({ state: 'detached', timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Live board', level: 1 })).toBeVisible(SLOW);
  for (const id of ['players', 'connections', 'bets', 'battles', 'shipping', 'withdrawals', 'support']) await expect(page.getByTestId(`board-${id}`)).toHaveText(/^\d+$/);
  await expect(page.getByTestId('board-leader')).not.toContainText('none reported');
  await expect(page.getByTestId('board-node').first()).toContainText('yes');
  await expect(page.getByTestId('board-round')).toHaveCount(2);

  // Dice's max bet down to 50 coins, from the settings page. Everything from here on runs inside the
  // try, so a failure anywhere after the save still puts the setting back for the other journeys.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Game settings' }).click();
  const dice = page.getByTestId('settings-dice');
  await expect(dice.getByLabel('Max bet')).toHaveValue('1000');
  try {
    await dice.getByLabel('Max bet').fill('50');
    await dice.getByRole('button', { name: 'Save' }).click();
    await expect(dice.getByRole('status')).toHaveText('Saved: every server applies it to the next bet.');
    await expect(page.getByTestId('settings-dice')).toContainText('Narrowed');
    // Outside the game's own limits: the server's refusal, shown as it is.
    await page.getByTestId('settings-dice').getByLabel('Max bet').fill('5000');
    await page.getByTestId('settings-dice').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('settings-dice').getByRole('status')).toHaveText('The amount may not be greater than 1000.00.');
    // The VIP rates on the same page (docs/vip.md, "Rates"): a rakeback above the bound is the server's refusal, nothing saved.
    const bronze = page.getByTestId('vip-rates-bronze');
    await expect(bronze.getByLabel('Rakeback, % of the edge')).toHaveValue('5');
    await bronze.getByLabel('Rakeback, % of the edge').fill('80');
    await bronze.getByRole('button', { name: 'Save' }).click();
    await expect(bronze.getByRole('status')).toHaveText('The rakeback must be between 0 and 50 % of the house edge.');

    const before = await diceBetsBefore();
    // A player on the dice page: 60 coins is refused with the message, 2 coins goes through.
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const player = await context.newPage();
    await fundedPlayer(player, request, baseURL!, 100, 'console');
    await bonusSeenToday(player);
    await player.goto('/dice');
    await expect(player.getByTestId('dice-scene')).toHaveAttribute('data-scene-phase', 'ready', SLOW);
    await player.getByLabel('Bet amount').fill('60.00');
    const refused = player.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
    await player.getByRole('button', { name: 'Roll dice' }).click();
    expect((await refused).status()).toBe(422);
    await expect(player.getByRole('region', { name: 'Dice controls' }).getByRole('alert')).toHaveText('The amount may not be greater than 50.00.');
    await player.getByLabel('Bet amount').fill('2.00');
    const placed = player.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
    await player.getByRole('button', { name: 'Roll dice' }).click();
    expect((await placed).status()).toBe(200);
    await context.close();

    // Today's report lists the bet just made (only the one that went through).
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    const row = page.getByTestId('report-game').filter({ hasText: 'dice' });
    // The day as every date shows (src/format: the German short date, 26.11.26).
    await expect(row.locator('td[data-label="Day"]').first()).toHaveText(`${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(2, 4)}`);
    const bets = Number(await row.locator('td[data-label="Bets"]').textContent());
    expect(bets).toBeGreaterThanOrEqual(before + 1);
    await expect(row.locator('td[data-label="Published"]')).toHaveText('98.99 %');
    // The drift with its confidence band and sample size (red only outside the band on enough bets), the totals rows, the chart.
    await expect(row.locator('td[data-label="Drift"]').first()).toContainText(/\(± \d+\.\d\d, n = \d+\)/);
    await expect(page.getByTestId('report-game').filter({ hasText: 'all games' })).toContainText('Total');
    await expect(page.getByTestId('report-revenue').last()).toContainText('Total');
    await expect(page.getByRole('img', { name: /^GGR and NGR by day/ }).locator('g[data-series]')).toHaveCount(2);
    // Per-game NGR beside each game's GGR, and the programmes' table with a column per programme (docs/bonuses.md, "Reports").
    await expect(row.locator('td[data-label="NGR"]').first()).toHaveText(/\d\.\d\d/);
    await expect(page.getByRole('heading', { name: /^Programmes/, level: 2 })).toBeVisible();
    for (const name of ['VIP rakeback', 'VIP rank-up', 'Races', 'Missions', 'Referral']) await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    // The player's sandbox crypto deposit, by its method.
    await expect(page.getByTestId('report-money').filter({ hasText: 'alphapo' }).first()).toContainText('Deposits');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Games CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`report-games-${today}-${today}.csv`);
  } finally {
    await request.put('/api/admin/settings/dice', { headers: admin.headers, data: DICE_BOUNDS });
  }
});
