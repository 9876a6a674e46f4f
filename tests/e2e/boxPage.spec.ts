import { expect, test, type Page } from './helpers/fixtures.ts';
import { REEL_RESULT_HEADLINE } from './helpers/boxReel.ts';
import { bonusSeenToday, fundedPlayer } from './helpers/players.ts';
import { docShot } from './helpers/screenshots.ts';
import { holdSockets } from './helpers/heldSocket.ts';

// The box page journey (docs/boxes.md): before opening the reel stands on the box's items; on
// open the reel comes into view, Skip sits under it (never over a card), the win shows on the reel
// and its line under it, the details follow below. Both sizes, with screenshots.

// This file is about motion: it plays the scenes in full (the journeys' default is reduced, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** How many distinct colours (to 4 bits per channel) the reel shows: an empty panel has a handful. */
async function reelColours(page: Page): Promise<number> {
  // The screenshot is decoded by the page itself (an image on a 2D canvas): no PNG library needed.
  const png = (await page.getByTestId('box-reel').screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < pixels.length; i += 4) seen.add(((pixels[i]! >> 4) << 8) | ((pixels[i + 1]! >> 4) << 4) | (pixels[i + 2]! >> 4));
    return seen.size;
  }, png);
}

/** The element's box lies inside the viewport (what the player sees without scrolling). */
async function inView(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
}

for (const size of SIZES) {
  test(`box page: items on the idle reel, the opening in view, Skip off the cards (${size.width}×${size.height})`, async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await fundedPlayer(page, request, baseURL!, 500, 'reel');
    await bonusSeenToday(page);
    await page.goto('/boxes/gift-card-grab');
    await expect(page.getByTestId('open-box')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => reelColours(page), { timeout: 30_000 }).toBeGreaterThan(60);
    await docShot(page, `box-reel-idle-after-${size.width}x${size.height}.png`);

    await page.getByRole('button', { name: 'x3' }).click();
    await page.getByTestId('open-box').click();
    await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'running');
    await expect.poll(() => inView(page, 'box-reel')).toBe(true);
    const skip = page.getByRole('button', { name: 'Skip' });
    await expect(skip).toBeVisible();
    // Both boxes are read in one frame: the page may still be scrolling the reel into view, and two
    // separate reads would compare positions from different scroll offsets.
    const skipBelowReel = await skip.evaluate((button) => {
      const reel = document.querySelector('[data-testid="box-reel"]')!.getBoundingClientRect();
      return button.getBoundingClientRect().top - reel.bottom;
    });
    expect(skipBelowReel).toBeGreaterThanOrEqual(0);
    await skip.click();
    await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'finished');
    await expect(page.getByTestId('reel-result')).toContainText(REEL_RESULT_HEADLINE);
    expect(await inView(page, 'reel-result')).toBe(true);
    // What to do with the win sits right under the line, in view (docs/boxes.md "Big wins").
    await expect.poll(() => inView(page, 'won-actions')).toBe(true);
    await expect(page.getByTestId('won-items').locator('.item-card')).toHaveCount(3);
    await docShot(page, `box-open-after-${size.width}x${size.height}.png`);
    // Keep says where the items went.
    await page.getByTestId('won-actions').getByRole('button', { name: 'Keep' }).click();
    await expect(page.getByRole('status').filter({ hasText: '3 items are in your inventory' })).toBeVisible();
    await expect(page.getByRole('status').getByRole('link', { name: 'inventory' })).toHaveAttribute('href', '/profile/inventory');
  });
}

test('a guest: Open for leads to Sign Up; a demo spin plays the real reel, marked Demo, then asks to sign up (390×844)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await bonusSeenToday(page);
  await page.goto('/boxes/gift-card-grab');
  const dialog = page.getByRole('dialog');
  await page.getByTestId('open-box').click();
  await expect(dialog.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The outcome is the server's: the reel lands on what the demo call answered.
  const demoCall = page.waitForResponse((r) => r.url().endsWith('/api/boxes/gift-card-grab/demo'));
  await page.getByRole('button', { name: 'Demo spin' }).click();
  const answer = await (await demoCall).json();
  expect(answer.data.demo).toBe(true);
  await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'running');
  await expect(page.getByTestId('demo-mark')).toHaveText('Demo');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'finished');
  const result = page.getByTestId('reel-result');
  await expect(result).toContainText('Demo spin: nothing was paid or won.');
  await expect(result).toContainText(answer.data.openings[0].item.name);
  await expect(page.getByTestId('won-items')).toHaveCount(0);
  await docShot(page, 'box-demo-after-390x844.png');
  await result.getByRole('button', { name: 'Sign up to open it for real' }).click();
  await expect(dialog.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
});

// Big wins (docs/boxes.md "Big wins", "Selling: the confirm step"): a player-made box of rare items
// only, so every drop is rare or better and every sale is worth a confirm. After the first opening the
// balance alone no longer covers another, yet the won item does: the main button offers "Sell and
// open again", not a deposit. Selling asks first (Cancel and Escape sell nothing); the box's Last drops
// and the live feed name the drop at once, the feed even though its socket connects only after the
// opening (as on a slow link: the feed loads its list again once subscribed, RealtimeBridge.tsx).
test('a rare drop: sell and open again instead of a deposit, a confirm before a valuable sale, the drop named in the feeds (1440×900)', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' }); // the reel and its reveal end at once
  const player = await fundedPlayer(page, request, baseURL!, 35, 'rare');
  const items = (await (await request.get('/api/upgrade/items', { params: { min_price: 400, max_price: 800, limit: 2 } })).json()).data as { id: number; price: number; sale_price: number }[];
  const made = await request.post('/api/user-boxes', { headers: player.headers, data: { name: 'Rare Pair', items: items.map((i) => ({ id: i.id, odds: 50 })) } });
  expect(made.ok(), await made.text()).toBe(true);
  const box = (await made.json()).data as { slug: string; price: number };
  // Enough for one opening, and with the cheaper item sold, for a second one: 2 × price − its sale.
  const lowestSale = Math.min(...items.map((i) => i.sale_price));
  const topUp = Math.ceil(2 * box.price - lowestSale + 1) - 35;
  const address = await request.post('/api/deposit/alphapo/deposit-address', { headers: player.headers, data: { currency: 'BTC' } });
  const credited = await request.post(`/api/sandbox/crypto/${(await address.json()).data.wallet}/receive`, { headers: player.headers, data: { amount: topUp } });
  expect(credited.ok(), await credited.text()).toBe(true);
  await bonusSeenToday(page);
  const connectSocket = await holdSockets(page);
  await page.goto(`/custom/${box.slug}`);
  await expect(page.getByRole('heading', { name: 'Rare Pair' })).toBeVisible();
  await expect(page.getByTestId('box-drops')).toContainText('No drops yet');

  const opened = page.waitForResponse((r) => r.url().endsWith(`/api/user-boxes/${box.slug}/open`));
  await page.getByTestId('open-box').click();
  expect((await opened).ok()).toBe(true);
  connectSocket();
  const result = page.getByTestId('reel-result');
  await expect(result).toHaveAttribute('data-rarity', /^(rare|epic|legendary)$/);
  const wonName = (await page.getByTestId('won-items').locator('.item-card__name').textContent())!;
  await expect.poll(() => inView(page, 'won-actions')).toBe(true);
  // The main button: the won item pays for the next opening, no "Deposit".
  await expect(page.getByTestId('deposit-shortfall')).toHaveCount(0);
  await expect(page.getByTestId('sell-and-open-hero')).toBeVisible();
  // The box's Last drops and the live feed name the drop without a reload.
  await expect(page.getByTestId('box-drops')).toContainText(wonName);
  const escaped = wonName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const feedLink = page.getByRole('complementary', { name: 'Live drops' }).getByRole('link', { name: new RegExp(`won ${escaped} worth [\\d.]+ from Rare Pair$`) });
  await expect(feedLink).toHaveAttribute('href', `/custom/${box.slug}`);
  await page.mouse.move(0, 0);
  await docShot(page, 'box-rare-after-1440x900.png');

  // A valuable sale asks first: Escape and Cancel sell nothing.
  const owned = async () => (await (await request.get('/api/profile/inventory', { headers: player.headers })).json()).meta.total;
  await page.getByTestId('won-items').getByRole('button', { name: `Sell ${wonName}` }).click();
  const ask = page.getByRole('group', { name: `Confirm the sale of ${wonName}` });
  await expect(ask).toContainText(`Sell ${wonName} for`);
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  const actions = page.getByTestId('won-actions');
  await actions.getByRole('button', { name: 'Sell and open again' }).click();
  await expect(ask).toContainText('and open again?');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  expect(await owned()).toBe(1);

  // Confirmed: one sale through the server's sell path, then the next opening.
  const sold = page.waitForResponse((r) => r.url().endsWith('/api/profile/inventory/sell'));
  const reopened = page.waitForResponse((r) => r.url().endsWith(`/api/user-boxes/${box.slug}/open`));
  await actions.getByRole('button', { name: 'Sell and open again' }).click();
  await ask.getByRole('button', { name: 'Sell', exact: true }).click();
  expect((await sold).ok()).toBe(true);
  expect((await reopened).ok()).toBe(true);
  await expect(page.getByTestId('won-items').locator('.item-card')).toHaveCount(1);
  expect(await owned()).toBe(1);
});
