import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { closeDailyBonusWhenItOpens, signIn } from './helpers/players.ts';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './helpers/routes.ts';
import { APP_LOADING } from './helpers/appLoading.ts';

// axe-core on every page at desktop and phone size: no serious or critical violation
// (docs/client-shell.md, "Accessibility"). A failure names the page, the rule and the elements.
// The targeted checks (skip link, focus ring, dim text, target sizes) are in accessibility.spec.ts.
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Rules set aside for exact elements, each with the reason (none today). */
const EXCLUDED: { rule: string; selector: string; why: string }[] = [];

async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  // axe takes 5–40 s a page on two busy cores; the page itself gets as long as on a slow phone.
  await expect(page.locator(APP_LOADING)).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const failures: string[] = [];
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const targets = v.nodes.map((n) => n.target.join(' ')).filter((t) => !EXCLUDED.some((e) => e.rule === v.id && e.selector === t));
    if (targets.length) failures.push(`${path} ${v.id} (${v.impact}): ${targets.slice(0, 5).join(' | ')}`);
  }
  return failures;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of PUBLIC_ROUTES) {
      test(`${path}: no serious or critical axe violation`, async ({ page }) => {
        test.setTimeout(120_000);
        expect(await seriousViolations(page, path)).toEqual([]);
      });
    }

    test('signed-in pages: no serious or critical axe violation', async ({ page, request, baseURL }) => {
      test.setTimeout(600_000);
      await signIn(page, request, baseURL!, 'axe');
      await closeDailyBonusWhenItOpens(page);
      const failures: string[] = [];
      for (const path of SIGNED_IN_ROUTES) failures.push(...(await seriousViolations(page, path)));
      expect(failures).toEqual([]);
    });
  });
}
