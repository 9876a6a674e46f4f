import { expect, test } from '@playwright/test';
import { APP_LOADING } from './helpers/appLoading.ts';

// Phones: on the game pages the scene comes first with the controls below it (docs/client-shell.md,
// "Phones"). That no page scrolls sideways from 320 to 430 px is checked on the phone load of every
// page in tests/e2e/visual.spec.ts.

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
