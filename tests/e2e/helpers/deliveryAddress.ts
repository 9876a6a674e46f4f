import type { Page } from '@playwright/test';

/** Fills the delivery address form (/profile/delivery) with one valid UK address; the caller saves it. */
export async function fillDeliveryAddress(page: Page) {
  const address: Record<string, string> = { 'First name': 'Ada', 'Last name': 'Lovelace', Email: 'ada@example.com', Phone: '+44 20 7946 0000', State: 'London', City: 'London', 'Postal code': 'W1A 1AA', Street: '12 Analytical Street' };
  for (const [label, value] of Object.entries(address)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Country', { exact: true }).selectOption('United Kingdom');
}
