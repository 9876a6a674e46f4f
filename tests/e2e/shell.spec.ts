import { expect, test } from '@playwright/test';

test('an unknown page shows the 404 page with its path', async ({ page }) => {
  await page.goto('/no/such/page/here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no/such/page/here')).toBeVisible();
});

test('the page title is the product title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Open Mystery Boxes | Provably Fair and Authentic');
});
