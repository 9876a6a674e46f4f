import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, fundedPlayer, verifyEmail } from './helpers/players.ts';

// A gift card delivered as a code (docs/boxes.md "Sizes and digital items"): the item's Code button
// shows the code in a modal with a Copy button, once the email is verified; the item leaves the inventory (it cannot be sold
// afterwards) and its code stays listed below the items, the same code after a reload.

test('a won gift card is delivered as a code, shown again later', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const { headers, email } = await fundedPlayer(page, request, baseURL!, 100, 'code');
  await bonusSeenToday(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const opened = await request.post('/api/boxes/gift-card-grab/open', { headers, data: { quantity: 2 } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const [card] = (await opened.json()).data.openings.map((o: { item: { name: string } }) => o.item.name) as string[];

  await page.goto('/profile/inventory');
  await expect(page.getByTestId('inventory-total')).toHaveText('2 items');
  // A card's Sell and Code buttons lie inside it (side by side they were 10 px wider than the card at 1440 px).
  const outside = await page.locator('.item-card').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const c = card.getBoundingClientRect();
      return [...card.querySelectorAll('.item-card__actions .btn')]
        .map((button) => button.getBoundingClientRect())
        .filter((b) => b.left < c.left || b.right > c.right || b.top < c.top || b.bottom > c.bottom)
        .map((b) => `button ${Math.round(b.left)}–${Math.round(b.right)} in card ${Math.round(c.left)}–${Math.round(c.right)}`);
    }),
  );
  expect(await page.locator('.item-card__actions .btn').count()).toBe(4);
  expect(outside).toEqual([]);
  // Exact: "Steam Gift Card 5" is also the start of "Steam Gift Card 50".
  // A code is a withdrawal: not before the email is verified (the item stays).
  await page.getByRole('button', { name: `Get the code of ${card}`, exact: true }).first().click();
  await expect(page.getByText('Please verify your email address before revealing a code.')).toBeVisible();
  await expect(page.getByTestId('inventory-total')).toHaveText('2 items');
  await verifyEmail(request, email);
  await page.getByRole('button', { name: `Get the code of ${card}`, exact: true }).first().click();
  const modal = page.getByRole('dialog', { name: `${card} code` });
  const code = (await modal.getByTestId('item-code').textContent())!;
  expect(code).toMatch(/^CARD-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await modal.getByRole('button', { name: `Copy the code of ${card}` }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // Delivered: one item fewer, its code listed; the same code after a reload.
  await expect(page.getByTestId('inventory-total')).toHaveText('1 item');
  const codes = page.getByRole('region', { name: 'Gift card codes' });
  await expect(codes.getByTestId('item-code')).toHaveText([code]);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Gift card codes' }).getByTestId('item-code')).toHaveText([code]);
});
