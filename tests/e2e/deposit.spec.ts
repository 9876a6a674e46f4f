import { expect, test, type Page } from './helpers/fixtures.ts';
import { headerBalance, openCashier, signIn } from './helpers/players.ts';

// Deposit journeys against the built product with the sandbox gateway (no provider keys).

/**
 * The daily bonus opens ~4 s after a fresh page load when no other modal is open (later on a loaded
 * machine): over the sandbox checkout it offers winter35, and it is closed whenever it opens, so it
 * never stands over the checkout's buttons.
 */
async function closeBonusWhenItOpens(page: Page) {
  const bonus = page.getByRole('dialog', { name: 'Daily bonus' });
  await page.addLocatorHandler(bonus, async () => {
    await expect(bonus).toContainText('winter35');
    await bonus.getByRole('button', { name: 'Close' }).click();
  });
}

test('a deposit of 25 with winter35 through the sandbox checkout shows 33.75 in the header without a reload', async ({ page, request, baseURL }) => {
  await signIn(page, request, baseURL!, 'wallet');
  const modal = await openCashier(page, '/?modal=deposit&promocode=winter35');
  await expect(page.getByText('Promo code accepted')).toBeVisible();
  await expect(modal.getByTestId('promo-applied')).toContainText('winter35');
  await expect(modal.getByTestId('promo-applied')).toContainText('35.00%');
  await expect(modal.getByRole('textbox', { name: 'Amount' })).toHaveValue('25');
  await modal.getByRole('button', { name: 'Pay' }).click();

  await closeBonusWhenItOpens(page);
  await page.waitForURL(/\/sandbox\/checkout\/\d+$/);
  await expect(page.getByTestId('sandbox-amount')).toContainText('25.00');
  // A marker on this document proves the rest happens without a page load.
  await page.evaluate(() => ((window as unknown as { walletMarker: boolean }).walletMarker = true));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(headerBalance(page)).toContainText('33.75');
  expect(await page.evaluate(() => (window as unknown as { walletMarker?: boolean }).walletMarker)).toBe(true);
});

test('a declined payment changes nothing', async ({ page, request, baseURL }) => {
  const player = await signIn(page, request, baseURL!, 'wallet');
  const modal = await openCashier(page, '/?modal=deposit');
  await modal.getByRole('button', { name: '100', exact: true }).click();
  await modal.getByRole('button', { name: 'Pay' }).click();
  await closeBonusWhenItOpens(page);
  await page.waitForURL(/\/sandbox\/checkout\/\d+$/);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(headerBalance(page)).toContainText('0.00');
  const invoices = await (await request.get('/api/profile/invoices', { headers: player.headers })).json();
  expect(invoices.data[0]).toMatchObject({ amount: 100, status: 'rejected', status_title: 'Rejected' });
  await page.goto('/profile/deposit');
  await expect(page.getByTestId('invoice-row').first()).toContainText('Rejected');
});

test('card amount validation: minimum 5 disables Pay once touched', async ({ page, request, baseURL }) => {
  await signIn(page, request, baseURL!, 'wallet');
  const modal = await openCashier(page, '/?modal=deposit');
  const amount = modal.getByRole('textbox', { name: 'Amount' });
  await amount.fill('4');
  await expect(modal.getByRole('button', { name: 'Pay' })).toBeDisabled();
  await expect(modal.getByText('The minimum deposit is 5 USD.')).toBeVisible();
  await modal.getByRole('button', { name: 'Other' }).click();
  await expect(amount).toHaveValue('50');
  await expect(modal.getByRole('button', { name: 'Pay' })).toBeEnabled();
});

test('a crypto sandbox transfer credits', async ({ page, request, baseURL }) => {
  const player = await signIn(page, request, baseURL!, 'wallet');
  const modal = await openCashier(page, '/?modal=deposit');
  await modal.getByRole('tab', { name: /Crypto/ }).click();
  await expect(modal.getByText('bonus 35%')).toBeVisible();
  // The tile's 35 % is winter35's: the form offers that code (not bonus5) to a player who may use it.
  await expect(modal.getByTestId('promo-winter35')).toContainText('Get a 35% bonus on this deposit with the code winter35');
  await expect(modal.getByTestId('promo-bonus5')).toHaveCount(0);
  // Each currency with its rate (docs/payments.md "Crypto quote").
  await expect(modal.getByRole('option', { name: /BTC/ })).toContainText('1 BTC = 60000.00 coins');
  // Both columns inside the form: the rates' lines once made them wider than it, cutting the second off.
  const currencies = modal.getByRole('listbox');
  expect(await currencies.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
  await modal.getByRole('option', { name: /BTC/ }).click();
  await expect(modal.getByRole('option', { name: /ETH/ })).toContainText('Ethereum Network only');
  await modal.getByRole('button', { name: 'Next' }).click();
  const wallet = (await modal.getByTestId('crypto-wallet').textContent())!.trim();
  expect(wallet).toMatch(/^bc1q/);
  await expect(modal.getByTestId('crypto-qr')).toBeVisible();
  await expect(modal.getByText('35 USD', { exact: true })).toBeVisible();
  await expect(modal.getByText(/funds will be lost and cannot be refunded/)).toBeVisible();
  // The quote: the rate, the least amount, and what an amount brings in coins.
  const quote = modal.getByTestId('crypto-quote');
  await expect(quote).toContainText('Rate: 1 BTC = 60000.00 coins (1 coin = 1 USD)');
  await expect(quote.getByTestId('crypto-quote-get')).toHaveText('The least you can send: 0.00058334 BTC.');
  await quote.getByLabel('You send (BTC)').fill('0.0001');
  await expect(quote.getByTestId('crypto-quote-get')).toHaveText('Below the 35 USD minimum: it would not be credited.');
  await quote.getByLabel('You send (BTC)').fill('0.001');
  await expect(quote.getByTestId('crypto-quote-get')).toHaveText(/^You get\s*60\.00, before the network's fee\.$/);
  const res = await request.post(`/api/sandbox/crypto/${wallet}/receive`, { headers: player.headers, data: { amount: 50 } });
  expect(res.ok(), await res.text()).toBe(true);
  // The open cashier says so, from the realtime notice of the credit, and the header's balance follows.
  await expect(modal.getByTestId('crypto-credited')).toHaveText(/^\s*Your BTC transfer arrived:\s*50\.00\s*credited to your balance\.$/);
  await expect(headerBalance(page)).toContainText('50.00');
  await page.goto('/');
  await expect(headerBalance(page)).toContainText('50.00');
});

test('a gift code works once and errors the second time', async ({ page, request, baseURL }) => {
  await signIn(page, request, baseURL!, 'wallet');
  const modal = await openCashier(page, '/?modal=deposit');
  await modal.getByRole('tab', { name: /Giftcards/ }).click();
  await expect(modal.locator('.giftcard__amount')).toHaveText(['10', '50', '100', '250', '500', '1000']);
  // The values are a list to read, not tiles to press; each code field says where its code comes from.
  await expect(modal.getByText('Gift cards come in these values (coins)')).toBeVisible();
  expect(await modal.locator('.giftcard').first().evaluate((el) => [getComputedStyle(el).borderTopStyle, getComputedStyle(el).cursor])).toEqual(['none', 'auto']);
  await expect(modal.getByRole('textbox', { name: 'Gift code' })).toHaveAccessibleDescription('The code on a gift card: its value goes onto your balance at once.');
  await expect(modal.getByRole('textbox', { name: 'Voucher' })).toHaveAccessibleDescription(/^A code we hand out ourselves/);
  // Each code has its own form named by its heading; the button is found in its form, not as the
  // first "Redeem" of the cashier, which after the code was typed again was at times the voucher's.
  const form = modal.getByRole('form', { name: 'Gift code' });
  await expect(modal.getByRole('form', { name: 'Voucher' })).toBeVisible();
  const field = form.getByRole('textbox', { name: 'Gift code' });
  const redeem = form.getByRole('button', { name: 'Redeem' });
  await expect(redeem).toBeDisabled();
  await field.fill('GIFT-DEMO-0010');
  await redeem.click();
  await expect(page.getByText('Gift code redeemed: 10.00 coins added to your balance')).toBeVisible();
  // A redeemed code leaves the field; the toast may show a frame before the field empties, so typing
  // the code again waits for that (typed earlier, the emptying would take the second try away).
  await expect(field).toHaveValue('');
  await field.fill('GIFT-DEMO-0010');
  await redeem.click();
  await expect(page.getByText('Gift code has already been used')).toBeVisible();
});

test('phone: after a method is tapped focus stays in the cashier, and Escape closes it (390×844)', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, request, baseURL!, 'wallet');
  await openCashier(page, '/?modal=deposit');
  const modal = page.getByRole('dialog', { name: /Chose payment method$/ });
  await modal.getByRole('tab', { name: /Crypto/ }).click();
  await expect(page.getByRole('dialog', { name: /Crypto$/ })).toBeVisible();
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
