import type { Page } from '@playwright/test';

/** The page at 1440×900 and, full length, at 390×844 into docs/screenshots/{name}-…png. */
export async function shootBothSizes(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `docs/screenshots/${name}-1440x900.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `docs/screenshots/${name}-390x844.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}
