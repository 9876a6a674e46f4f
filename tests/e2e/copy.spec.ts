import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, openCashier, signIn } from './helpers/players.ts';

// Copy (docs/client-shell.md): validation messages are written for players, and on a phone the
// profile's sideways link row shows that it scrolls.

test('sign-up and cashier messages are written for players', async ({ page, request, baseURL }) => {
  await page.goto('/?modal=register');
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Email', { exact: true }).fill('not-an-email');
  await form.getByLabel('Password', { exact: true }).fill('123');
  await form.getByLabel('Nickname').focus();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(form.getByText('Your password needs at least 6 characters.')).toBeVisible();
  await expect(page.getByText(/must be a valid email|must be at least 6/)).toHaveCount(0);

  await signIn(page, request, baseURL!, 'copy');
  await openCashier(page, '/?modal=deposit');
  const amount = page.getByRole('dialog', { name: 'Deposit' }).getByRole('textbox', { name: 'Amount' });
  await amount.fill('3');
  await expect(page.getByText('The minimum deposit is 5 USD.')).toBeVisible();
  await amount.fill('abc');
  await expect(page.getByText('Enter the amount as a number, like 25 or 12.50.')).toBeVisible();
});

test('the phone profile link row shows it scrolls; the desktop column needs no hint', async ({ page, request, baseURL }) => {
  await signIn(page, request, baseURL!, 'tabs');
  await bonusSeenToday(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile');
  const nav = page.getByRole('navigation', { name: 'Profile' });
  await expect(nav).toHaveAttribute('data-more', 'end');
  expect(await nav.evaluate((el) => getComputedStyle(el).maskImage)).toContain('linear-gradient');
  await nav.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(nav).toHaveAttribute('data-more', 'start');
  // The current page's link is brought into view.
  await page.goto('/profile/support');
  const support = nav.getByRole('link', { name: 'Support' });
  await expect(support).toBeInViewport();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/profile');
  await expect(page.getByRole('navigation', { name: 'Profile' })).not.toHaveAttribute('data-more', /.+/);
});
