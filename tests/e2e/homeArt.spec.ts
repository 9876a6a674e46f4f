import { expect, test, type Page } from './helpers/fixtures.ts';
import { docShot } from './helpers/screenshots.ts';

// The home page's box rows: every row fills whole grid lines (no five-and-one wrap) and the first
// box sits near the top on a phone. (Each box and item having its own art is tests/server/boxes/art.test.ts; the box page's look is the visual sweep's.)
const SHOTS = process.env.ART_SHOTS ?? 'after-art';

async function openHome(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.goto('/');
  await expect(page.locator('.box-section .box-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Per row: the distinct card tops (grid lines) and how many cards sit on each. */
function rowLines(page: Page) {
  return page.locator('.box-section').evaluateAll((sections) =>
    sections.map((section) => {
      const tops = [...section.querySelectorAll('.box-card')].map((card) => Math.round(card.getBoundingClientRect().top));
      const perLine = new Map<number, number>();
      for (const top of tops) perLine.set(top, (perLine.get(top) ?? 0) + 1);
      return [...perLine.values()];
    }),
  );
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`home box rows fill whole lines and the first box is near the top at ${width}×${height}`, async ({ page }) => {
    await openHome(page, width, height);
    await docShot(page, `${SHOTS}-home-${width}x${height}.png`, { fullPage: width < 800 });
    const rows = await rowLines(page);
    expect(rows.length).toBeGreaterThan(0);
    for (const lines of rows) {
      // Every grid line holds as many cards as the first: no line left with a single straggler.
      expect(lines.every((n) => n === lines[0]), `cards per line ${lines.join('+')}`).toBe(true);
    }
    const firstBoxTop = await page.locator('.box-section .box-card').first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(firstBoxTop).toBeLessThan(2000);
    if (width < 800) expect(firstBoxTop).toBeLessThan(1400);
  });
}
