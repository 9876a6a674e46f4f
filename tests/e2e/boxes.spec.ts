import { expect, test } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, headerBalance, openCashier, signIn, verifyEmail } from './helpers/players.ts';
import { coinsShown, expectShownListMatchesHistory } from './helpers/shownVsHistory.ts';
import { FORM_VALIDATE_DEBOUNCE_MS } from '../../src/forms/formTiming.ts';

// The boxes journey: sign up, sandbox deposit, open a box x3 (scene plays; reduced motion shows
// the result at once), balance and inventory after the animation, sell two from the cart, save a
// delivery address; the gift cards left are digital, so they offer a code instead of a ship button.

// This file is about motion: it plays the scenes in full (the journeys' default is reduced, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test('open x3, sell two from the cart, gift cards are not shipped', async ({ page, request, baseURL }) => {
  test.setTimeout(420_000);
  const { email, headers } = await signIn(page, request, baseURL!, 'boxes');
  await verifyEmail(request, email); // shipping needs it
  await closeDailyBonusWhenItOpens(page);

  // Sandbox deposit of 100 through the deposit modal.
  const modal = await openCashier(page, '/?modal=deposit');
  await modal.getByRole('button', { name: '100', exact: true }).click();
  await modal.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/\d+$/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(headerBalance(page)).toContainText('100.00');

  // Open x3: the reel runs, and the balance only changes once it has finished.
  const box = (await (await request.get('/api/boxes/gift-card-grab')).json()).data;
  await page.goto('/boxes/gift-card-grab');
  await expect(page.getByRole('heading', { name: 'Gift Card Grab' })).toBeVisible();
  await page.getByRole('button', { name: 'x3' }).click();
  await page.getByTestId('open-box').click();
  // Read the reel's phase and the header balance in one step (the page's main thread is busy
  // with the canvas): while the reel runs, the balance has not moved yet.
  await expect
    .poll(
      () =>
        page.evaluate(() => ({
          phase: document.querySelector('[data-testid=box-reel]')?.getAttribute('data-scene-phase'),
          balance: document.querySelector('[aria-label="Balance, deposit"]')?.textContent?.trim(),
        })),
      { timeout: 30_000 },
    )
    .toEqual({ phase: 'running', balance: '100.00' });
  // Headless software GL here renders about one frame a second, so the spin would take minutes:
  // Skip jumps the running reel to its final frame (the same path a player's Skip takes).
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'finished');
  await expect(page.getByTestId('won-items')).toBeVisible();
  const expected = (100 - 3 * box.price).toFixed(2);
  await expect(headerBalance(page)).toContainText(expected);
  await expect(page.getByTestId('won-items').locator('.item-card')).toHaveCount(3);
  // The values the won cards show are the payouts of the three openings in the player's history.
  const shownValues = (await page.getByTestId('won-items').locator('.item-card__price').allTextContents()).map(coinsShown);
  await expectShownListMatchesHistory(request, headers, 'box', shownValues);

  // With reduced motion the result shows at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/boxes/gift-card-grab');
  await page.getByTestId('open-box').click();
  // No Skip: at this machine's frame rate a spin would take minutes, so a result within the
  // expect timeout shows the reduced-motion path (play() finishes at once).
  await expect(page.getByTestId('won-items').locator('.item-card')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'finished');

  // Inventory: 4 items. Sell two from the cart.
  await page.goto('/profile/inventory');
  await expect(page.getByTestId('inventory-total')).toHaveText('4 items');
  // The header's cart button opens the popper (docs/product.md §2).
  await page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true }).click();
  const cart = page.getByTestId('cart-popper');
  await expect(cart.getByRole('button', { name: /^Sell/ })).toBeDisabled();
  await cart.getByRole('checkbox', { name: /^Select (?!all$)/ }).nth(0).check();
  await cart.getByRole('checkbox', { name: /^Select (?!all$)/ }).nth(1).check();
  await cart.getByRole('button', { name: /^Sell/ }).click();
  await expect(page.getByTestId('inventory-total')).toHaveText('2 items');
  await expect(cart.getByRole('checkbox', { name: /^Select (?!all$)/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Close cart' }).click();

  // Delivery address, then ship one item.
  await page.goto('/profile/delivery');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('first name is a required field')).toBeVisible();
  const address: Record<string, string> = { 'First name': 'Ada', 'Last name': 'Lovelace', Email: 'ada@example.com', Phone: '+44 20 7946 0000', State: 'London', City: 'London', 'Postal code': 'W1A 1AA', Street: '12 Analytical Street' };
  for (const [label, value] of Object.entries(address)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Country', { exact: true }).selectOption('United Kingdom'); // one of the 31 countries
  // Save pressed and held, as a hand does, while Street (focused, its message from the failed Save
  // still shown) loses its focus to the press: its check waits for the release, so the message does
  // not clear and move Save from under the pointer before it (a run under load lost the click so).
  const save = page.getByRole('button', { name: 'Save' });
  const saveBox = (await save.boundingBox())!;
  const [x, y] = [saveBox.x + saveBox.width / 2, saveBox.y + saveBox.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  // Past the engine's debounce and two frames: a check run at the blur would have drawn by now.
  await page.evaluate((ms) => new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), ms)), FORM_VALIDATE_DEBOUNCE_MS);
  await expect(page.getByText('street is a required field')).toBeVisible();
  // Still under the pointer (pressed, it looks a little smaller).
  expect(await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('button')?.textContent, [x, y])).toBe('Save');
  await page.mouse.up();
  await expect(page.getByText('Info saved successfully')).toBeVisible();
  await expect(page.getByText('street is a required field')).toBeHidden();

  // Gift cards are digital: sold or delivered as codes, never shipped (shipping a parcel and canceling
  // it: shipping.spec.ts; a code: giftCardCode.spec.ts).
  await page.goto('/profile/inventory');
  await expect(page.getByTestId('inventory-total')).toHaveText('2 items');
  await expect(page.getByRole('button', { name: /^Ship / })).toHaveCount(0);
  await expect(page.locator('.item-card').getByRole('button', { name: /^Get the code of / })).toHaveCount(2);
});

test('an unknown box type is a 404 page', async ({ page }) => {
  await closeDailyBonusWhenItOpens(page);
  await page.goto('/mystery/gift-card-grab');
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.goto('/standard/gift-card-grab');
  await expect(page.getByRole('heading', { name: 'Gift Card Grab' })).toBeVisible();
});
