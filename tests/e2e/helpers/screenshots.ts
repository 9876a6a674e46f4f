import type { Page, PageScreenshotOptions } from '@playwright/test';

// The pictures of docs/screenshots are taken by the specs that reach each state, but only when asked
// (`DOC_SHOTS=1 npm run test:e2e`): a normal run asserts and leaves the tree as it was. What a
// picture must show is asserted by its spec; the visual baselines (visual.spec.ts) are compared.

const wanted = process.env.DOC_SHOTS === '1';

/** The page into docs/screenshots/{file} when DOC_SHOTS=1. */
export async function docShot(page: Page, file: string, options: Omit<PageScreenshotOptions, 'path'> = {}): Promise<void> {
  if (wanted) await page.screenshot({ ...options, path: `docs/screenshots/${file}` });
}

/** The page at 1440×900 and, full length, at 390×844 into docs/screenshots/{name}-…png when DOC_SHOTS=1. */
export async function shootBothSizes(page: Page, name: string) {
  if (!wanted) return;
  await page.setViewportSize({ width: 1440, height: 900 });
  await docShot(page, `${name}-1440x900.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await docShot(page, `${name}-390x844.png`, { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}
