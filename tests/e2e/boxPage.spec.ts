import { expect, test, type Page } from '@playwright/test';
import { bonusSeenToday, fundedPlayer } from './helpers/players.ts';
import { docShot } from './helpers/screenshots.ts';

// The box page journey (docs/boxes.md): before opening the reel stands on the box's items; on
// open the reel comes into view, Skip sits under it (never over a card), the win shows on the reel
// and its line under it, the details follow below. Both sizes, with screenshots.

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
    await expect(page.getByTestId('reel-result')).toContainText(/You won|Rare drop!|Epic drop!|Legendary drop!/);
    expect(await inView(page, 'reel-result')).toBe(true);
    await expect(page.getByTestId('won-items').locator('.item-card')).toHaveCount(3);
    await docShot(page, `box-open-after-${size.width}x${size.height}.png`);
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
