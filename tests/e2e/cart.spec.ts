import { expect, test, type Page } from './helpers/fixtures.ts';
import { bonusSeenToday, closeDailyBonusWhenItOpens, fundedPlayer } from './helpers/players.ts';
import { docShot } from './helpers/screenshots.ts';
import { restingToast } from './helpers/toasts.ts';

// The cart drawer (docs/boxes.md "Cart"): on a desktop it is opaque, a row click selects, Escape and
// a click outside close it; on a phone the header has a cart and Sell stays above the bottom bar,
// and a sale of several items says so in one toast in the site's dark theme.

async function playerWithItems(page: Page, request: Parameters<typeof fundedPlayer>[1], baseURL: string, openings: number[]) {
  // The daily bonus would take the Escape meant for the drawer if it opened just before it (the
  // locator handler below closes it only before actions, and a key press is not one).
  await bonusSeenToday(page);
  const { headers } = await fundedPlayer(page, request, baseURL, 300, 'cart');
  await closeDailyBonusWhenItOpens(page);
  for (const quantity of openings) {
    const opened = await request.post('/api/boxes/gift-card-grab/open', { headers, data: { quantity } });
    expect(opened.ok(), await opened.text()).toBe(true);
  }
}

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Cart', exact: true });

test('desktop: an opaque drawer; a row click selects; Escape and a click outside close it', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await playerWithItems(page, request, baseURL!, [3]);
  await page.goto('/profile/inventory');
  await expect(page.getByTestId('inventory-total')).toHaveText('3 items');

  await cartButton(page).click();
  const cart = page.getByTestId('cart-popper');
  await expect(cart.getByRole('checkbox', { name: /^Select (?!all$)/ })).toHaveCount(3);
  const background = await cart.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toMatch(/^rgb\(/); // an opaque colour under the gradient, not rgba(…, 0) or transparent

  // A click on the row's name selects it; a second click unselects.
  const firstRow = cart.locator('.cart-popper__row').first();
  const firstBox = cart.getByRole('checkbox', { name: /^Select (?!all$)/ }).first();
  await firstRow.locator('.cart-popper__name').click();
  await expect(firstBox).toBeChecked();
  await expect(cart.getByRole('button', { name: /^Sell/ })).toBeEnabled();
  await firstRow.locator('img').click();
  await expect(firstBox).not.toBeChecked();
  await firstBox.check(); // the checkbox itself still toggles once, not twice
  await expect(firstBox).toBeChecked();
  await page.mouse.move(700, 600);
  await docShot(page, 'after-cart-1440x900.png');

  await page.keyboard.press('Escape');
  await expect(cart).toHaveCount(0);

  await cartButton(page).click();
  await expect(cart).toBeVisible();
  await page.mouse.click(300, 700); // the inventory page, outside the drawer
  await expect(cart).toHaveCount(0);

  // The header button toggles: open, then closed again (its press is not "outside").
  await cartButton(page).click();
  await expect(cart).toBeVisible();
  await cartButton(page).click();
  await expect(cart).toHaveCount(0);
});

test('phone: the header has a cart and Sell stays above the bottom bar', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // More items than fit: the list scrolls inside the drawer, Sell stays in view.
  await playerWithItems(page, request, baseURL!, [5, 5, 2]);
  await page.goto('/profile/inventory');
  await expect(page.getByTestId('inventory-total')).toHaveText('12 items');
  await expect(cartButton(page)).toBeVisible();
  await cartButton(page).click();
  const cart = page.getByTestId('cart-popper');
  await cart.getByRole('checkbox', { name: 'Select all' }).check();
  const sell = cart.getByRole('button', { name: /^Sell/ });
  await expect(sell).toBeEnabled();
  const sellBox = (await sell.boundingBox())!;
  const barBox = (await page.getByRole('navigation', { name: 'Mobile' }).boundingBox())!;
  expect(sellBox.y + sellBox.height).toBeLessThanOrEqual(barBox.y);
  // Nothing lies over Sell where a thumb presses it.
  const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? '', [sellBox.x + sellBox.width / 2, sellBox.y + sellBox.height / 2]);
  expect(onTop).toMatch(/^Sell/);
  await docShot(page, 'after-cart-390x844.png');
  // Twelve sales, one summary toast (not twelve stacked), dark like the site, not white: read as it
  // rests, watched from before the click (it closes itself after 2 s; helpers/toasts.ts).
  const summary = restingToast(page, { text: /^12 items sold for [\d,]+\.\d\d coins$/ });
  await sell.click();
  const toast = await summary;
  expect(toast.open, 'toasts open with the summary').toBe(1);
  const [r, g, b] = toast.background.match(/\d+/g)!.map(Number);
  expect(0.2126 * r! + 0.7152 * g! + 0.0722 * b!, 'the toast is dark').toBeLessThan(60);
  await expect(page.getByTestId('inventory-total')).toHaveText('0 items', { timeout: 30_000 });
});
