import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, openCashier, signIn, verifyEmail } from './helpers/players.ts';

// Bonus money with a wagering requirement (docs/bonuses.md), seen by the player on the withdraw page:
// the deposit modal states a code's requirement before a deposit applies it, the wallet panel on the
// withdraw page shows the active bonus's progress, expiry and the withdrawable amount beside the
// amount field, and a withdrawal beyond it is refused naming what is left to wager. Then on a phone.

test('the requirement before a promo applies, progress in the wallet panel, the refusal on withdraw', async ({ page, request, baseURL }) => {
  const player = await signIn(page, request, baseURL!, 'bonus');
  await verifyEmail(request, player.email);
  await bonusSeenToday(page);
  // The withdraw page with the deposit modal open: winter35 typed in states its requirement.
  const modal = await openCashier(page, '/profile/withdraw?modal=deposit');
  await modal.getByRole('textbox', { name: 'Promo code' }).fill('winter35');
  await modal.getByRole('button', { name: 'Apply' }).click();
  await expect(modal.getByTestId('promo-applied')).toContainText('winter35');
  await expect(modal.getByTestId('promo-terms')).toHaveText('Wager 3× the bonus within 14 days before bonus coins can be withdrawn.');
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(modal).toHaveCount(0);

  // 100 deposited with winter35 (35 of bonus, 3× to wager: 105.00), then 5.00 staked on dice; the
  // page reads its bonuses again on the next load.
  const redirect = await request.post('/api/deposit/zen/redirect', { headers: player.headers, data: { amount: 100, promocode: 'winter35' } });
  expect(redirect.ok(), await redirect.text()).toBe(true);
  const invoice = /\/sandbox\/checkout\/(\d+)$/.exec((await redirect.json()).redirect_url)![1];
  expect((await request.post(`/api/sandbox/checkout/${invoice}/complete`, { headers: player.headers, data: { status: 'paid' } })).ok()).toBe(true);
  const bet = await request.post('/api/dice/bet', { headers: player.headers, data: { amount: 5, target: 50, direction: 'under' } });
  expect(bet.ok(), await bet.text()).toBe(true);
  const balance = (await bet.json()).data.balance as number;
  await page.reload();

  const panel = page.getByTestId('bonus-panel');
  await expect(panel.getByTestId('bonus-item')).toHaveCount(1);
  await expect(panel.getByTestId('bonus-item')).toContainText('35.00 bonus');
  await expect(panel.getByTestId('bonus-item')).toContainText(/expires /);
  await expect(panel.getByTestId('bonus-progress')).toHaveText('Wagered 5.00 of 105.00 (100.00 left)');
  await expect(panel.getByRole('progressbar', { name: 'Wagering progress' })).toHaveAttribute('aria-valuenow', '4');
  const withdrawable = (balance - 35).toFixed(2);
  await expect(panel.getByTestId('bonus-withdrawable')).toHaveText(withdrawable);
  await expect(page.getByTestId('withdrawable-note')).toHaveText(`Withdrawable now: ${withdrawable} coins (35.00 in bonus: wager 100.00 more to release it)`);

  await page.getByRole('spinbutton', { name: /Amount/ }).fill(balance.toFixed(2));
  await page.getByRole('textbox', { name: 'Wallet address' }).fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const refusal = `Bonus coins can be withdrawn once they have been wagered: wager 100.00 more coins to release them. You can withdraw up to ${withdrawable} coins now.`;
  await expect(page.getByText(refusal).first()).toBeVisible();

  // 25.00 of the withdrawable part requested, then canceled: the panel and the note follow both
  // moves (after the cancel they kept the figures of the request).
  await page.getByRole('spinbutton', { name: /Amount/ }).fill('25');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const requested = (balance - 35 - 25).toFixed(2);
  await expect(page.getByTestId('withdrawable-note')).toHaveText(`Withdrawable now: ${requested} coins (35.00 in bonus: wager 100.00 more to release it)`);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByText('Withdrawal canceled.')).toBeVisible();
  await expect(page.getByTestId('withdrawable-note')).toHaveText(`Withdrawable now: ${withdrawable} coins (35.00 in bonus: wager 100.00 more to release it)`);
  await expect(panel.getByTestId('bonus-withdrawable')).toHaveText(withdrawable);
});

// The same wallet on a touch phone, paid through the cashier's own steps: the code's terms and the
// link to the terms page in the deposit modal, the sandbox checkout, the panel inside the screen,
// the terms page's figures from the server, and a forfeit that unlocks the rest.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the terms in the cashier, the checkout, the panel within the screen, the terms page and a forfeit', async ({ page, request, baseURL }) => {
    const player = await signIn(page, request, baseURL!, 'bonusph');
    await verifyEmail(request, player.email);
    await bonusSeenToday(page);
    // A phone's cashier asks for the method first, then shows its form.
    await (await openCashier(page, '/profile/withdraw?modal=deposit')).getByRole('tab', { name: /Credit card/ }).tap();
    const modal = page.getByRole('dialog', { name: /Credit card/ });
    await modal.getByRole('textbox', { name: 'Promo code' }).fill('winter35');
    await modal.getByRole('button', { name: 'Apply' }).tap();
    await expect(modal.getByTestId('promo-terms')).toHaveText('Wager 3× the bonus within 14 days before bonus coins can be withdrawn.');
    await expect(modal.getByRole('link', { name: 'Bonus terms' })).toHaveAttribute('href', '/bonus-terms');
    // The default 25.00 with 35 %: 8.75 of bonus, 26.25 to wager.
    await modal.getByRole('button', { name: 'Pay' }).tap();
    await page.waitForURL(/\/sandbox\/checkout\/\d+/);
    await page.getByRole('button', { name: 'Pay', exact: true }).tap();
    // The checkout returns to the page the cashier was opened on.
    await page.waitForURL((url) => url.pathname === '/profile/withdraw');
    const panel = page.getByTestId('bonus-panel');
    await expect(panel.getByTestId('bonus-item')).toContainText('8.75 bonus');
    await expect(panel.getByTestId('bonus-progress')).toHaveText('Wagered 0.00 of 26.25 (26.25 left)');
    await expect(panel.getByTestId('bonus-withdrawable')).toHaveText('25.00');
    await expect(page.getByTestId('withdrawable-note')).toHaveText('Withdrawable now: 25.00 coins (8.75 in bonus: wager 26.25 more to release it)');
    // Nothing scrolls sideways; the panel and its Forfeit button lie within the screen's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const part of [panel, panel.getByRole('button', { name: 'Forfeit' })]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }

    // The terms page: the weights and the sources' terms as the server answers them.
    await panel.getByRole('link', { name: 'Bonus terms' }).tap();
    await expect(page).toHaveURL(/\/bonus-terms$/);
    const rules = (await (await request.get('/api/bonuses/rules')).json()).data as { weights: { label: string; pct: number }[]; sources: { label: string; text: string }[] };
    const weights = page.getByTestId('bonus-weights');
    await expect(weights.locator('tbody tr')).toHaveCount(rules.weights.length);
    await expect(weights.getByRole('row', { name: 'Dice' })).toContainText('100 %');
    await expect(weights.getByRole('row', { name: 'Battles' })).toContainText('0 %');
    const rain = rules.sources.find((s) => s.label === 'Rain shares')!;
    await expect(page.getByTestId('bonus-sources').getByRole('row', { name: /Rain shares/ })).toContainText(rain.text);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Back to the wallet: a forfeit, confirmed, removes the 8.75 and the panel with it.
    await page.goBack();
    page.once('dialog', (dialog) => void dialog.accept());
    await panel.getByRole('button', { name: 'Forfeit' }).tap();
    await expect(page.getByText('Bonus forfeited: its locked coins were removed and the rest of your balance is withdrawable.')).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('withdrawable-note')).toHaveCount(0);
    const balance = (await (await request.get('/api/bonuses', { headers: player.headers })).json()).data;
    expect(balance).toMatchObject({ balance: 25, withdrawable: 25, locked: 0, bonuses: [] });
  });
});
