import { expect, test } from './helpers/fixtures.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { bonusSeenToday, credit, headerBalance, signIn } from './helpers/players.ts';
import { signInAdmin } from './helpers/staff.ts';

// Display currencies (docs/payments.md, "Display currencies"): the admin sets the euro's rate on
// /admin/settings; a player picks euros on the profile page and sees the approximate value beside
// the header's balance and each box card's price, kept on this device across loads, and gone again
// with "Coins only". The figures are computed here from the rate and the server's own amounts.

const euros = (coins: number, rate: number) => `≈ €${((Math.round(coins * 100) * rate) / 100).toFixed(2)}`;

test('the admin sets the euro; a player sees balance and prices in approximate euros', async ({ page, request, baseURL }) => {
  await bonusSeenToday(page);
  await signInAdmin(page, request, baseURL!);
  await page.goto('/admin/settings');
  const eur = page.getByTestId('display-rate-EUR');
  await expect(eur).toContainText('Not offered until set');
  await eur.getByLabel('EUR per coin').fill('0.92');
  await eur.getByLabel('Rate of (YYYY-MM-DD)').fill('2026-11-20');
  await eur.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('display-rate-EUR')).toContainText('Set ');

  const player = await signIn(page, request, baseURL!, 'currency');
  await credit(request, player.headers, 57.3);
  await page.goto('/profile');
  await page.locator(APP_LOADING).waitFor({ state: 'detached', timeout: 30_000 });
  const picker = page.getByRole('combobox', { name: 'Approximate value in' });
  await expect(picker.getByRole('option')).toHaveText(['Coins only', 'USD (1 coin = 1 USD)', 'EUR (rate of 20.11.26)']);
  // Coins only by default: the header shows the balance alone.
  await expect(headerBalance(page)).toContainText('57.30');
  await expect(page.getByTestId('approx-value')).toHaveCount(0);
  await picker.selectOption('EUR');
  await expect(headerBalance(page).getByTestId('approx-value')).toHaveText(euros(57.3, 0.92));

  // Another page load: the choice stays on this device, and every box card carries its price in euros.
  await page.goto('/boxes');
  await expect(headerBalance(page).getByTestId('approx-value')).toHaveText(euros(57.3, 0.92));
  const first = (await (await request.get('/api/boxes?sort=price_asc&per_page=1')).json()).data[0] as { slug: string; price: number };
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('price_asc');
  const card = page.locator(`.box-card[data-box="${first.slug}"]`);
  await expect(card.getByTestId('approx-value')).toHaveText(euros(first.price, 0.92));

  await page.goto('/profile');
  await page.getByRole('combobox', { name: 'Approximate value in' }).selectOption('');
  await expect(page.getByTestId('approx-value')).toHaveCount(0);
});
