import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers/players.ts';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './helpers/routes.ts';
import { APP_LOADING } from './helpers/appLoading.ts';

// Phones: no page scrolls sideways from 320 to 430 px, and on the game pages the scene comes
// first with the controls below it (docs/client-shell.md, "Phones").
const WIDTHS = [320, 375, 430];

/** Loads a page at a phone width and returns how far it scrolls sideways (0 when it does not). */
async function sidewaysOverflow(page: Page, path: string, width: number): Promise<{ overflow: number; culprits: string[] }> {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(path);
  await expect(page.locator(APP_LOADING)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    // The widest elements past the right edge, to say what to fix.
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`);
    return { overflow, culprits };
  });
}

/** Every route at every width; the failures name the page, the width and the elements past the edge. */
async function overflowingPages(page: Page, routes: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of routes) {
    for (const width of WIDTHS) {
      const { overflow, culprits } = await sidewaysOverflow(page, path, width);
      if (overflow > 0) failures.push(`${path} @${width}: +${overflow}px ${culprits.join(' | ')}`);
    }
  }
  return failures;
}

test('no public page scrolls sideways at 320, 375 and 430 px', async ({ page }) => {
  test.setTimeout(240_000);
  expect(await overflowingPages(page, PUBLIC_ROUTES)).toEqual([]);
});

test('no signed-in page scrolls sideways at 320, 375 and 430 px', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, request, baseURL!, 'phone');
  expect(await overflowingPages(page, SIGNED_IN_ROUTES)).toEqual([]);
});

for (const path of ['/dice', '/plinko', '/upgrade', '/crash']) {
  test(`${path} at 375 px: the scene first, the controls below it`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(path);
    await expect(page.locator(APP_LOADING)).toHaveCount(0);
    const canvas = page.locator('canvas').first();
    await expect(canvas).toBeVisible();
    const play = page.getByRole('button', { name: /^(Play|Bet|Roll|Drop|Upgrade|Place bet)/i }).first();
    await expect(play).toBeVisible();
    const scene = (await canvas.boundingBox())!;
    const button = (await play.boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(scene.y + scene.height - 1);
  });
}
