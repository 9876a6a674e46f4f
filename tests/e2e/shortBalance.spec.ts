import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, signIn } from './helpers/players.ts';
import { payShortfall } from './helpers/cashier.ts';

// Not enough balance (docs/payments.md): the box page's open button and the dice and plinko bet
// buttons say Deposit of the missing amount, the cashier opens at the card form with it (at least
// the card minimum), and after the sandbox payment the player is back on the page, now able to play.

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`a short balance turns Open into Deposit of the missing amount and comes back to the box (${size.width}×${size.height})`, async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signIn(page, request, baseURL!, 'short');
    const box = (await (await request.get('/api/boxes/gift-card-grab')).json()).data;
    await bonusSeenToday(page);
    await page.goto('/boxes/gift-card-grab?from=test');
    await expect(page.getByTestId('deposit-shortfall')).toHaveText(new RegExp(`^\\s*Deposit\\s*${box.price.toFixed(2)}$`), { timeout: 30_000 }); // a full page load on a busy machine
    await expect(page.getByTestId('open-box')).toHaveCount(0);
    await payShortfall(page, Math.max(box.price, 5).toFixed(2), { pathname: '/boxes/gift-card-grab', search: { from: 'test' } });
    await expect(page.getByTestId('open-box')).toBeVisible({ timeout: 30_000 });
  });
}

// The instant games: a 1.00 bet on an empty balance; the card minimum (5.00) is what the cashier asks.
const GAMES = [
  { path: '/dice', play: 'Roll dice' },
  { path: '/plinko', play: 'Drop ball' },
];

for (const game of GAMES) {
  for (const size of SIZES) {
    test(`${game.path}: a short balance turns the bet button into Deposit and comes back to the game (${size.width}×${size.height})`, async ({ page, request, baseURL }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await signIn(page, request, baseURL!, 'shortbet');
      await bonusSeenToday(page);
      await page.goto(game.path);
      await expect(page.getByTestId('deposit-shortfall')).toHaveText(/^\s*Deposit\s*1\.00$/, { timeout: 30_000 });
      await expect(page.getByRole('button', { name: game.play, exact: true })).toHaveCount(0);
      await payShortfall(page, '5.00', { pathname: game.path });
      await expect(page.getByRole('button', { name: game.play, exact: true })).toBeVisible({ timeout: 30_000 });
    });
  }
}
