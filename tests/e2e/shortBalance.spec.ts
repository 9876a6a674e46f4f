import { expect, test } from '@playwright/test';
import { bonusSeenToday, headerBalance, signIn } from './helpers/players.ts';

// Not enough balance (docs/payments.md): the box page's open button says Deposit, the cashier
// opens at the card form with the missing amount, and after the sandbox payment the player is
// back on the box page, now able to open it.

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`a short balance turns Open into Deposit of the missing amount and comes back to the box (${size.width}×${size.height})`, async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signIn(page, request, baseURL!, 'short');
    const box = (await (await request.get('/api/boxes/gift-card-grab')).json()).data;
    const missing = Math.max(box.price, 5).toFixed(2);
    await bonusSeenToday(page);
    await page.goto('/boxes/gift-card-grab?from=test');
    const deposit = page.getByTestId('deposit-shortfall');
    await expect(deposit).toHaveText(new RegExp(`^\\s*Deposit\\s*${box.price.toFixed(2)}$`), { timeout: 30_000 }); // a full page load on a busy machine
    await expect(page.getByTestId('open-box')).toHaveCount(0);
    await deposit.click();

    // On a phone the cashier's title is the method (Credit card), on desktop 'Deposit'.
    const modal = page.getByRole('dialog');
    await expect(modal.getByRole('textbox', { name: 'Amount' })).toHaveValue(missing);
    await modal.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/\d+\?return_to=/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/boxes/gift-card-grab' && url.searchParams.get('from') === 'test');
    await expect(headerBalance(page)).toContainText(missing);
    await expect(page.getByTestId('open-box')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('deposit-shortfall')).toHaveCount(0);
  });
}
