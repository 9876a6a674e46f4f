import { expect, test, type Page } from '@playwright/test';

// The scene lab in the built product: every scene mounts, plays a seeded outcome to the end
// (data-scene-phase goes running → finished), and the reduced-motion path finishes at once.
// Screenshots land in test-results/scene-lab/ for a human to look at.

const shot = (name: string) => `${process.env.SHOTS_DIR ?? 'test-results/scene-lab'}/${name}.png`;

// The shell opens the daily bonus modal ~4 s after start (docs/product.md §2); close it so it neither covers
// the stage nor takes the clicks.
async function openLab(page: Page, query: string) {
  await page.goto(`/scene-lab?${query}`);
  const bonus = page.getByRole('dialog', { name: 'Daily bonus' });
  await bonus.waitFor({ timeout: 15_000 }).catch(() => {});
  if (await bonus.isVisible()) await bonus.getByRole('button', { name: 'Close' }).click();
  await expect(bonus).toHaveCount(0);
}

// Chromium renders WebGL in software here (a few frames per second, fewer under load), so a full
// natural run is left to the games journeys and the canvas tests; this one checks that every
// scene starts a seeded play, shows it, and that Skip lands it on its final frame.
test('every scene plays a seeded outcome, and Skip lands it on its final frame', async ({ page }) => {
  test.setTimeout(240_000);
  for (const [scene, button] of [
    ['box', 'Play'],
    ['dice', 'Roll'],
    ['upgrade', 'Upgrade'],
    ['plinko', 'Drop 5 balls'],
  ] as const) {
    await openLab(page, `scene=${scene}&seed=7`);
    const stage = page.getByTestId('scene-stage');
    await expect(stage).toHaveAttribute('data-scene-phase', 'ready');
    // The scene tabs (aria-pressed) share names with the play buttons ('Upgrade'): take the play button.
    await page.getByRole('button', { name: button, exact: true }).and(page.locator(':not([aria-pressed])')).click();
    await expect(stage).toHaveAttribute('data-scene-phase', 'running');
    await page.waitForTimeout(scene === 'plinko' ? 1200 : 700);
    await page.screenshot({ path: shot(`${scene}-running`) });
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(stage).toHaveAttribute('data-scene-phase', 'finished', { timeout: 10_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot(`${scene}-finished`) });
  }
});

test('reduced motion shows the result at once, and Skip jumps to the end', async ({ page }) => {
  await openLab(page, 'scene=box&seed=3&motion=0');
  const stage = page.getByTestId('scene-stage');
  await expect(stage).toHaveAttribute('data-scene-phase', 'ready');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished', { timeout: 1500 });

  await openLab(page, 'scene=box&seed=3');
  await expect(stage).toHaveAttribute('data-scene-phase', 'ready');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(stage).toHaveAttribute('data-scene-phase', 'running');
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished', { timeout: 1500 });
});

test('reels for x5 at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLab(page, 'scene=box&seed=11');
  const stage = page.getByTestId('scene-stage');
  await expect(stage).toHaveAttribute('data-scene-phase', 'ready');
  await page.getByLabel('Reels').fill('5');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(stage).toHaveAttribute('data-scene-phase', 'running');
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished', { timeout: 10_000 });
  await page.screenshot({ path: shot('box-x5-mobile'), fullPage: true });
});
