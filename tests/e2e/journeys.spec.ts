import { expect, test, type Page } from './helpers/fixtures.ts';
import { REEL_RESULT_HEADLINE } from './helpers/boxReel.ts';
import { payShortfall } from './helpers/cashier.ts';
import { bonusSeenToday, fundedPlayer, headerBalance, verifyEmail } from './helpers/players.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { fillDeliveryAddress } from './helpers/deliveryAddress.ts';

// The five journeys a new player takes (docs/product.md): (a) land → sign up → deposit → open a box;
// (b) open x1 and x3, sell, ship; (c) dice, auto-bet, plinko, upgrade; (d) fairness: rotate, verify a
// bet from the history; (e) the profile pages. Each point's own details are in its spec (boxPage,
// signup, shortBalance, shipping, …), most of them at 1440×900: these only walk the whole way
// through, each once, at the phone's 390×844 where the per-feature specs do not go; (a), whose
// header differs by size, at 1440×900 too.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SIZES = [DESKTOP, PHONE];
type Journey = 'a' | 'b' | 'c' | 'd' | 'e';
const SIZES_OF: Record<Journey, (typeof DESKTOP)[]> = { a: [DESKTOP, PHONE], b: [PHONE], c: [PHONE], d: [PHONE], e: [PHONE] };

const bet = (page: Page, path: string) => page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST' && r.ok());

/** A funded player on /dice once the page shows the balance (a busy machine may load the session late); one manual roll's answer. */
async function rollOnDice(page: Page, coins: string): Promise<{ roll: number }> {
  await page.goto('/dice');
  await expect(headerBalance(page)).toContainText(coins, { timeout: 30_000 });
  const answer = bet(page, '/api/dice/bet');
  await page.getByRole('button', { name: 'Roll dice', exact: true }).click();
  return (await (await answer).json()).data;
}

async function openBox(page: Page, quantity: 'x1' | 'x3') {
  await page.getByRole('button', { name: quantity }).click();
  await page.getByTestId('open-box').click();
  // With reduced motion (the journeys' default) the reel lands at once: no Skip to race against (a
  // Skip seen running and gone before the click was waited for until the test's end).
  await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'finished', { timeout: 30_000 });
  await expect(page.getByTestId('won-items').locator('.item-card')).toHaveCount(quantity === 'x1' ? 1 : 3);
}

for (const size of SIZES) {
  const at = `${size.width}×${size.height}`;
  /** Declares the journey's test when it runs at this size (else nothing). */
  const journey = (j: Journey) => (SIZES_OF[j].includes(size) ? test : ((() => undefined) as unknown as typeof test));
  test.describe(`journeys at ${at}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size);
      await bonusSeenToday(page);
    });

    journey('a')(`(a) land, sign up, deposit, open a box (${at})`, async ({ page }) => {
      test.setTimeout(180_000);
      const email = `journey${Date.now()}${size.width}@example.com`;
      await page.goto('/');
      await expect(page.locator(APP_LOADING)).toHaveCount(0); // on a prerendered page, clicks wait for React
      // The desktop header has Sign up; the phone header has a Login icon whose modal has the Sign Up tab.
      if (size.width > 600) await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
      else {
        await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
        await page.getByRole('tab', { name: 'Sign Up' }).click();
      }
      const form = page.getByRole('form', { name: 'Sign Up' });
      await form.getByLabel('Nickname').fill(`Jny${Date.now() % 100000}${size.width % 10}`);
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill('journey-secret');
      await form.getByRole('checkbox', { name: /I accept the Terms/ }).check();
      await form.getByRole('button', { name: 'Sign Up' }).click();
      const login = page.getByRole('form', { name: 'Login' });
      await expect(login.getByLabel('Email', { exact: true })).toHaveValue(email);
      await login.getByLabel('Password', { exact: true }).fill('journey-secret');
      await login.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/boxes/gift-card-grab');
      const price = (await (await page.request.get('/api/boxes/gift-card-grab')).json()).data.price as number;
      await expect(page.getByTestId('deposit-shortfall')).toBeVisible({ timeout: 30_000 });
      await payShortfall(page, Math.max(price, 5).toFixed(2), { pathname: '/boxes/gift-card-grab' });
      await expect(page.getByTestId('open-box')).toBeVisible({ timeout: 30_000 });
      await openBox(page, 'x1');
      await expect(page.getByTestId('reel-result')).toContainText(REEL_RESULT_HEADLINE);
    });

    journey('b')(`(b) open x1 and x3, sell, ship (${at})`, async ({ page, request, baseURL }) => {
      test.setTimeout(240_000);
      const { email } = await fundedPlayer(page, request, baseURL!, 400, 'jship');
      await verifyEmail(request, email);
      await page.goto('/boxes/street-runners');
      await openBox(page, 'x1');
      const shoe = (await page.getByTestId('won-items').locator('.item-card').first().locator('.item-card__name').textContent())!.trim();
      await page.goto('/boxes/gift-card-grab');
      await openBox(page, 'x3');

      await page.goto('/profile/inventory');
      await expect(page.getByTestId('inventory-total')).toHaveText('4 items');
      const card = page.locator('.item-card').filter({ has: page.getByRole('button', { name: /^Get the code of / }) }).first();
      const sellButton = card.getByRole('button', { name: /^Sell / });
      const sale = Number((await sellButton.textContent())!.replace(/[^0-9.]/g, ''));
      await sellButton.click();
      // A sale of 50 coins or more asks first (docs/boxes.md "Selling: the confirm step").
      if (sale >= 50) await card.getByRole('group', { name: /^Confirm the sale of / }).getByRole('button', { name: 'Sell', exact: true }).click();
      await expect(page.getByTestId('inventory-total')).toHaveText('3 items');

      const shoeCard = page.locator('.item-card', { hasText: shoe }).first();
      await shoeCard.getByRole('link', { name: `Ship ${shoe}: add a delivery address first` }).click();
      await fillDeliveryAddress(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/profile\/inventory$/);
      await page.locator('.item-card', { hasText: shoe }).first().getByRole('button', { name: `Ship ${shoe}` }).click();
      const checkout = page.getByRole('dialog', { name: 'Ship your items' });
      const size = checkout.getByLabel('Shoe size (US)');
      await size.selectOption((await size.locator('option:not([disabled])').first().getAttribute('value'))!);
      await checkout.getByRole('button', { name: 'Confirm shipping' }).click();
      await expect(checkout).toBeHidden();
      await expect(page.getByTestId('inventory-total')).toHaveText('2 items');
    });

    journey('c')(`(c) dice, auto-bet, plinko, upgrade (${at})`, async ({ page, request, baseURL }) => {
      test.setTimeout(180_000);
      await fundedPlayer(page, request, baseURL!, 60, 'jgames');
      await rollOnDice(page, '60.00');
      await expect(page.getByTestId('dice-result')).toHaveText(/^Rolled \d+\.\d\d · /, { timeout: 60_000 }); // after the roll's animation
      await page.getByRole('button', { name: 'Auto', exact: true }).click();
      await page.getByLabel('Number of bets (0 = until stopped)').fill('3');
      await page.getByRole('button', { name: 'Start auto-bet' }).click();
      await expect(page.getByText(/Bets 3 · Profit/)).toBeVisible({ timeout: 60_000 });

      await page.goto('/plinko');
      await expect(page.locator(APP_LOADING)).toHaveCount(0); // a prerendered page: clicks wait for React
      const dropped = bet(page, '/api/plinko/bet');
      await page.getByRole('button', { name: 'Drop ball', exact: true }).click();
      expect((await (await dropped).json()).data.path.length).toBeGreaterThanOrEqual(8);

      await page.goto('/upgrade');
      await expect(page.locator(APP_LOADING)).toHaveCount(0); // a prerendered page: clicks wait for React
      await page.getByLabel('Add balance').fill('5');
      // On a phone the targets are in a bottom sheet that a pick closes (docs/client-shell.md, "Phones").
      const phone = size.width < 600;
      if (phone) await page.getByRole('button', { name: 'Choose a target' }).click();
      const picker = page.getByTestId('upgrade-picker');
      await picker.getByRole('button', { name: '×2', exact: true }).click();
      if (phone) await expect(page.getByRole('button', { name: /: change target$/ })).toBeVisible();
      else await expect(picker.locator('[data-testid^="upgrade-target-"][aria-pressed="true"]')).toHaveCount(1);
      const upgraded = bet(page, '/api/upgrade');
      await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
      await upgraded;
      await expect(page.getByTestId('upgrade-result')).toHaveText(/Upgraded to|No upgrade this time/, { timeout: 30_000 });
    });

    journey('d')(`(d) fairness: rotate, verify a bet from the history (${at})`, async ({ page, request, baseURL }) => {
      test.setTimeout(180_000);
      await fundedPlayer(page, request, baseURL!, 40, 'jfair'); // crypto credits from 35 coins up
      const rolled = await rollOnDice(page, '40.00');
      const history = page.getByRole('region', { name: 'Bet history' });
      // The rows shown until the player's own arrive are everybody's (another journey's bet may be first).
      const myBets = async () => {
        const mine = page.waitForResponse((r) => r.url().includes('scope=mine') && r.ok());
        await history.getByRole('button', { name: 'My bets' }).click();
        await mine;
      };
      await myBets();
      await history.getByTestId('bet-row').first().getByRole('button', { name: 'Seeds' }).click();
      await history.getByTestId('bet-seeds').getByRole('link', { name: 'Rotate your seeds' }).click();
      await expect(page).toHaveURL(/\/dice\/provably-fair$/);
      await page.getByTestId('fair-rotate').click();
      await expect(page.getByTestId('fair-previous')).toBeVisible();
      await page.goto('/dice');
      await expect(page.locator(APP_LOADING)).toHaveCount(0); // a prerendered page: clicks wait for React
      await myBets();
      await history.getByTestId('bet-row').first().getByRole('link', { name: 'Verify' }).click();
      await expect(page.getByTestId('fair-calculator').getByTestId('calc-dice-roll')).toHaveText(rolled.roll.toFixed(2));
    });

    journey('e')(`(e) the profile pages (${at})`, async ({ page, request, baseURL }) => {
      test.setTimeout(120_000);
      await fundedPlayer(page, request, baseURL!, 40, 'jprof');
      await page.goto('/profile');
      const nav = page.getByRole('navigation', { name: 'Profile' });
      const tabs: [string, RegExp][] = [
        ['Notifications', /\/profile\/notifications$/],
        ['Inventory', /\/profile\/inventory$/],
        ['My boxes', /\/profile\/my-boxes$/],
        ['Deposits', /\/profile\/deposit$/],
        ['Withdrawals', /\/profile\/withdraw$/],
        ['Delivery', /\/profile\/delivery$/],
        ['Shipping', /\/profile\/shipping$/],
        ['Affiliates', /\/profile\/referral$/],
        ['Support', /\/profile\/support$/],
        ['Limits', /\/profile\/limits$/],
        ['Profile', /\/profile$/],
      ];
      for (const [label, url] of tabs) {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await expect(page).toHaveURL(url);
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
        await expect(page.getByText('Something went wrong')).toHaveCount(0);
      }
      // No page scrolls sideways at this size.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  });
}
