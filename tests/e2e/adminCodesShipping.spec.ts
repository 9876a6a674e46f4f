import { expect, test } from './helpers/fixtures.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer, headerBalance, openCashier, verifyEmail } from './helpers/players.ts';
import { mailTo } from './helpers/outbox.ts';
import { signInAdmin } from './helpers/staff.ts';

// The console's codes and shipping queue (docs/operator-console.md, "Codes" and "Shipping"): the admin
// creates a promo code limited to one use, a player deposits with it, the redemption shows (and the
// code is used up); one of the player's deliveries moves through processing, shipped with a tracking
// number, and delivered, seen step by step on the player's page and mailed; another is canceled and
// its item is back in the player's inventory.

test('console: a limited promo code is redeemed and shows; deliveries move on, one canceled returns its item', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(180_000);
  // The player, in a browser context of their own: 400 coins, verified, two parcels each in a delivery of its own.
  const playerContext = await browser.newContext();
  const playerPage = await playerContext.newPage();
  const player = await fundedPlayer(playerPage, request, baseURL!, 400, 'codesship');
  await verifyEmail(request, player.email);
  await closeDailyBonusWhenItOpens(playerPage);
  const { headers } = player;
  const me = ((await (await request.get('/api/profile', { headers })).json()) as { data: { id: number } }).data;
  const opened = await request.post('/api/boxes/console-wars/open', { headers, data: { quantity: 2 } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const [shipped, returned] = ((await opened.json()) as { data: { openings: { inventory_id: number; item: { name: string } }[] } }).data.openings;
  const saved = await request.post('/api/profile/shipping-address', {
    headers,
    data: { first_name: 'Ada', last_name: 'Lovelace', email: player.email, phone: '+44 20 7946 0000', country: 'United Kingdom', country_state: 'London', city: 'London', postal_code: 'W1A 1AA', street_address: '12 Analytical Street' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const deliver = async (item: number) => {
    const res = await request.post('/api/profile/withdrawals', { headers, data: { type: 'delivery', items: [item] } });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { data: { id: number } }).data.id;
  };
  const first = await deliver(shipped!.inventory_id);
  const second = await deliver(returned!.inventory_id);

  // The admin creates a promo code: a fixed 10-coin bonus, one use in all, dice stakes not counting toward its requirement.
  await signInAdmin(page, request, baseURL!);
  await closeDailyBonusWhenItOpens(page);
  await page.goto('/admin/codes');
  await page.locator(APP_LOADING).waitFor({ state: 'detached', timeout: 30_000 });
  const code = `E2E${Date.now() % 1_000_000}`;
  const form = page.getByRole('form', { name: 'New promo code' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Fixed bonus in coins').check();
  await form.getByLabel('Bonus (coins)').fill('10');
  await form.getByLabel('Max uses (empty: no cap)').fill('1');
  await expect(form.getByLabel('Boxes (%)')).toHaveValue('50');
  await form.getByLabel('Dice (%)').fill('0');
  await form.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page.getByRole('status')).toHaveText(`Promo code ${code} created.`);
  const promoRow = page.getByTestId('promo-row').filter({ hasText: code });
  await expect(promoRow).toContainText('0 / 1');
  await expect(promoRow).toContainText('Active');

  // The player deposits 25 with it through the deposit modal and the sandbox checkout: 25 + 10 bonus.
  const modal = await openCashier(playerPage, `/?modal=deposit&promocode=${code}`);
  await expect(modal.getByTestId('promo-applied')).toContainText(code);
  await modal.getByRole('button', { name: 'Pay' }).click();
  await playerPage.waitForURL(/\/sandbox\/checkout\/\d+$/);
  await playerPage.getByRole('button', { name: 'Pay', exact: true }).click();
  await playerPage.waitForURL((url) => url.pathname === '/');
  await expect(headerBalance(playerPage)).toBeVisible();

  // The redemption shows: the code is used up, and its list names the player, the deposit and the bonus.
  await page.getByLabel('Find a promo code').fill(code);
  await expect(promoRow).toContainText('1 / 1');
  await expect(promoRow).toContainText('Used up');
  await promoRow.getByRole('button', { name: 'Redemptions' }).click();
  const redemption = page.getByRole('region', { name: `Promo code ${code}` }).getByTestId('redemption-row');
  await expect(redemption).toHaveCount(1);
  await expect(redemption).toContainText(player.email);
  await expect(redemption).toContainText('25.00');
  await expect(redemption).toContainText('10.00');
  await expect(page.getByRole('region', { name: `Promo code ${code}` }).getByTestId('promo-weights')).toContainText('Boxes 50 %, Battles 0 %');
  await expect(page.getByRole('region', { name: `Promo code ${code}` }).getByTestId('promo-weights')).toContainText('Dice 0 %');

  // The shipping queue: the player's two deliveries, moved on one step at a time.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Shipping' }).click();
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'All' }).click();
  await page.getByLabel('Player id').fill(String(me.id));
  const row = (id: number) => page.getByTestId('shipping-row').filter({ has: page.getByRole('cell', { name: `#${id}`, exact: true }) });
  await expect(row(first)).toContainText('Requested');
  // Beside the request, what the player brought and played: 400 + 25 deposited, two boxes wagered (before
  // the promo deposit, so its 10.00 bonus is still to wager).
  await expect(row(first)).toContainText(/Deposited 425\.00 · Wagered \d[\d,.]* · Bonuses 10\.00 \(10\.00 still to wager\)/);
  await expect(row(first).getByTestId('open-bonus')).toContainText('Open bonus 10.00: wagered 0.00 of 10.00, expires ');
  await row(first).getByRole('button', { name: 'Start processing' }).click();
  await expect(row(first)).toContainText('In processing');
  await row(first).getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByRole('alert')).toHaveText('The tracking number is required to ship a delivery.');
  await row(first).getByLabel(`Tracking number of #${first}`).fill('1Z999AA10123456784');
  await row(first).getByRole('button', { name: 'Ship' }).click();
  await expect(row(first)).toContainText('Shipped · 1Z999AA10123456784');
  await row(first).getByRole('button', { name: 'Mark delivered' }).click();
  await expect(row(first)).toContainText('Done');
  await expect(row(first).getByRole('button')).toHaveCount(0);
  await row(second).getByRole('button', { name: 'Start processing' }).click();
  await expect(row(second)).toContainText('In processing');
  await row(second).getByRole('button', { name: 'Cancel' }).click();
  await expect(row(second)).toContainText('Canceled');

  // The player sees each step with the tracking number, is mailed, and has the canceled parcel back.
  await playerPage.goto('/profile/shipping');
  const steps = playerPage.getByRole('list', { name: `Steps of #${first}` });
  await expect(steps.getByRole('listitem')).toHaveCount(3);
  await expect(steps.getByRole('listitem').nth(0)).toContainText('In processing');
  await expect(steps.getByRole('listitem').nth(1)).toContainText('Shipped');
  await expect(steps.getByRole('listitem').nth(1)).toContainText('tracking number 1Z999AA10123456784');
  await expect(steps.getByRole('listitem').nth(2)).toContainText('Done');
  await expect(playerPage.locator(`.withdrawal[data-status="done"]`).filter({ hasText: `#${first}` })).toContainText('Done');
  await expect(playerPage.locator(`.withdrawal[data-status="canceled"]`).filter({ hasText: `#${second}` })).toContainText('Canceled');
  expect((await mailTo(player.email, `Your delivery #${first}: Shipped`)).text).toContain('Tracking number: 1Z999AA10123456784');
  expect((await mailTo(player.email, `Your delivery #${second}: Canceled`)).text).toContain('The items are back in your inventory.');
  await playerPage.goto('/profile/inventory');
  await expect(playerPage.getByTestId('inventory-total')).toHaveText('1 item');
  await expect(playerPage.locator('.item-card', { hasText: returned!.item.name })).toHaveCount(1);
  await playerContext.close();
});
