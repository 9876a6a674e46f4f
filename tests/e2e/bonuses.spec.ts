import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, openCashier, signIn, verifyEmail } from './helpers/players.ts';

// Bonus money with a wagering requirement (docs/bonuses.md), seen by the player on the withdraw page:
// the deposit modal states a code's requirement before a deposit applies it, the wallet panel on the
// withdraw page shows the active bonus's progress, expiry and the withdrawable amount beside the
// amount field, and a withdrawal beyond it is refused naming what is left to wager. Then at phone size.

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

  // Phone size: the panel and the note fit the width (nothing scrolls sideways).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel.getByTestId('bonus-progress')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const box = (await panel.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});
