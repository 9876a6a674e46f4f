import { expect, type Page } from '@playwright/test';
import { headerBalance } from './players.ts';

// The short-balance way into the cashier (docs/payments.md): the page's Deposit button opens it at
// the card form with the missing amount, the sandbox checkout pays, and the player lands back on
// the page they came from (path and query) with the amount on the balance.

/** Presses Deposit, checks the amount filled in, pays in the sandbox and waits to be back at `back`. */
export async function payShortfall(page: Page, amount: string, back: { pathname: string; search?: Record<string, string> }) {
  await page.getByTestId('deposit-shortfall').click();
  // On a phone the cashier's title is the method (Credit card), on desktop 'Deposit'.
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('textbox', { name: 'Amount' })).toHaveValue(amount);
  await modal.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/\d+\?return_to=/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL((url) => url.pathname === back.pathname && Object.entries(back.search ?? {}).every(([k, v]) => url.searchParams.get(k) === v));
  await expect(headerBalance(page)).toContainText(amount);
  await expect(page.getByTestId('deposit-shortfall')).toHaveCount(0);
}
