import { expect, test, type Page } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer, verifyEmail } from './helpers/players.ts';
import { docShot } from './helpers/screenshots.ts';
import { mailTo } from './helpers/outbox.ts';
import { fillDeliveryAddress } from './helpers/deliveryAddress.ts';

// Shipping as a player meets it (docs/boxes.md "Shipping checkout"): without an address the ship
// button leads to the address form (plain-worded errors) and back; the checkout lists the items
// with a size for the shoe, shows the address to confirm or edit and the cost, and refuses to go
// on without a size; the delivery lists the chosen size. A gift card is digital: a code, no ship button.

async function inventoryOf(page: Page, count: number) {
  await page.goto('/profile/inventory');
  // The profile's chunk and the inventory's first answer took over 10 s in a loaded clean-clone run.
  await expect(page.getByTestId('inventory-total')).toHaveText(`${count} items`, { timeout: 30_000 });
}

test('ship a shoe through the checkout with its size; a gift card is not shippable', async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const { headers, email } = await fundedPlayer(page, request, baseURL!, 400, 'ship');
  await verifyEmail(request, email);
  await closeDailyBonusWhenItOpens(page);
  const open = async (slug: string) => {
    const r = await request.post(`/api/boxes/${slug}/open`, { headers, data: { quantity: 1 } });
    expect(r.ok(), await r.text()).toBe(true);
    return (await r.json()).data.openings[0].item.name as string;
  };
  const shoe = await open('street-runners');
  const card = await open('gift-card-grab');
  const parcel = await open('console-wars');

  await inventoryOf(page, 3);
  const cardOf = (name: string) => page.locator('.item-card', { hasText: name }).first();
  await expect(cardOf(card).getByRole('button', { name: `Get the code of ${card}` })).toBeVisible();
  await expect(cardOf(card).getByRole('button', { name: /^Ship/ })).toHaveCount(0);
  await expect(cardOf(card).getByRole('link', { name: /^Ship/ })).toHaveCount(0);

  // No address yet: the ship button is a way to the address form, not a toast.
  await cardOf(shoe).getByRole('link', { name: `Ship ${shoe}: add a delivery address first` }).click();
  await expect(page).toHaveURL(/\/profile\/delivery\?next=%2Fprofile%2Finventory$/);
  await page.getByRole('button', { name: 'Save' }).click();
  const firstNameError = page.locator('.text-input', { hasText: 'First name' }).getByRole('alert');
  await expect(firstNameError).toHaveText('first name is a required field');
  // Shown as a sentence: the first letter is raised.
  expect(await firstNameError.evaluate((el) => getComputedStyle(el, '::first-letter').textTransform)).toBe('uppercase');
  await expect(page.locator('.text-input', { hasText: 'Phone' }).getByRole('alert')).toHaveText('Phone is required');
  await expect(page.locator('.text-input', { hasText: 'City' }).getByRole('alert')).toHaveText('City is required');
  await fillDeliveryAddress(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/profile\/inventory$/);

  // The checkout: items with a size for the shoe, the address, the cost, one Confirm.
  await cardOf(shoe).getByRole('button', { name: `Ship ${shoe}` }).click();
  const checkout = page.getByRole('dialog', { name: 'Ship your items' });
  await expect(checkout.getByText(shoe)).toBeVisible();
  await expect(checkout.getByTestId('ship-address')).toContainText('Ada Lovelace');
  await expect(checkout.getByTestId('ship-address')).toContainText('12 Analytical Street');
  await expect(checkout.getByRole('link', { name: 'Edit address' })).toHaveAttribute('href', '/profile/delivery?next=%2Fprofile%2Finventory');
  await expect(checkout.getByText('Shipping fee')).toBeVisible();
  await expect(checkout.getByText('Free', { exact: true })).toBeVisible();
  await expect(checkout.getByTestId('ship-estimate')).toHaveText('5–10 business days after dispatch (Europe outside the EU)');
  const size = checkout.getByLabel('Shoe size (US)');
  const offered = await size.locator('option:not([disabled])').allTextContents();
  expect(offered[0]).toBe('5');
  expect(offered.at(-1)).toBe('15.5');
  expect(offered).toHaveLength(22);
  await checkout.getByRole('button', { name: 'Confirm shipping' }).click();
  await expect(checkout.getByRole('alert')).toHaveText(`Choose a size for ${shoe}.`);
  await expect(page.getByTestId('inventory-total')).toHaveText('3 items'); // nothing was sent

  // The checkout fits a phone: nothing sticks out sideways. The shell takes the phone's layout after
  // the resize's debounce (the spec's 50 ms): the box is read until it has.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(async () => {
      const box = (await checkout.boundingBox())!;
      return { left: box.x >= 0, right: box.x + box.width <= 390 };
    })
    .toEqual({ left: true, right: true });
  const overflow = await checkout.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await size.selectOption('9.5');
  await docShot(page, 'after-shipping-checkout-390x844.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await docShot(page, 'after-shipping-checkout-1440x900.png');
  await checkout.getByRole('button', { name: 'Confirm shipping' }).click();
  await expect(checkout).toHaveCount(0);
  await expect(page.getByTestId('inventory-total')).toHaveText('2 items');

  // The console ships as it is (one size); then both deliveries are listed, the shoe with its size.
  await cardOf(parcel).getByRole('button', { name: `Ship ${parcel}` }).click();
  await expect(checkout.getByText('One size')).toBeVisible();
  await checkout.getByRole('button', { name: 'Confirm shipping' }).click();
  await expect(page.getByTestId('inventory-total')).toHaveText('1 item');
  await docShot(page, 'after-shipping-inventory-1440x900.png');

  await page.goto('/profile/shipping');
  await expect(page.locator('.withdrawal', { hasText: `${shoe} (size 9.5)` })).toContainText('Requested');
  // Newest first; a canceled delivery still names the items it gave back.
  const row = page.locator('.withdrawal').first();
  await expect(row).toContainText(parcel);
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Canceled');
  await expect(row).toContainText(parcel);
  await expect(page.getByText('Your delivery was canceled.')).toBeVisible();
  await inventoryOf(page, 2);
  await page.setViewportSize({ width: 390, height: 844 });
  await docShot(page, 'after-shipping-inventory-390x844.png');
});

test('an unverified player is offered Resend before the address and in the checkout; the mailed link says verified and shipping goes on', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const { headers, email } = await fundedPlayer(page, request, baseURL!, 100, 'unverifiedship');
  await closeDailyBonusWhenItOpens(page);
  const opened = await request.post('/api/boxes/console-wars/open', { headers, data: { quantity: 1 } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const item = (await opened.json()).data.openings[0].item.name as string;
  const resent = 'If that email needs verifying, we have sent a new verification link.';

  // Before the address: the form says shipping needs a verified email and offers Resend.
  await page.goto('/profile/delivery?next=%2Fprofile%2Finventory');
  const formNotice = page.getByRole('status').filter({ hasText: 'is not verified' });
  await expect(formNotice).toContainText('Shipping needs a verified email address.');
  await formNotice.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText(resent)).toBeVisible();
  await fillDeliveryAddress(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/profile\/inventory$/);

  // In the checkout: the same notice with Resend, and the refusal at Confirm is not a dead end.
  await page.locator('.item-card', { hasText: item }).first().getByRole('button', { name: `Ship ${item}` }).click();
  const checkout = page.getByRole('dialog', { name: 'Ship your items' });
  const notice = checkout.getByRole('status').filter({ hasText: 'is not verified' });
  await expect(notice).toContainText(email);
  await checkout.getByRole('button', { name: 'Confirm shipping' }).click();
  await expect(checkout.getByRole('alert')).toHaveText('Please verify your email address before withdrawing.');
  await expect(notice.getByRole('button', { name: 'Resend' })).toBeVisible();

  // The mailed link, opened in another tab, lands on a page that says so; back here the notice goes.
  const mail = await mailTo(email, 'Verify Email Address');
  const tab = await page.context().newPage();
  await tab.goto(mail.link);
  await expect(tab.getByRole('heading', { name: 'Your email address is verified' })).toBeVisible();
  await tab.close();
  await page.bringToFront();
  await expect(notice).toHaveCount(0);
  await checkout.getByRole('button', { name: 'Confirm shipping' }).click();
  await expect(checkout).toHaveCount(0);
  await expect(page.getByTestId('inventory-total')).toHaveText('0 items');
});
