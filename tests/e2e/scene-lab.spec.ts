import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from './helpers/fixtures.ts';
import { bonusSeenToday } from './helpers/players.ts';

// The scene lab in the built product: every scene mounts, plays a seeded outcome to the end
// (data-scene-phase goes running → finished), and the reduced-motion path finishes at once.
// With SHOTS_DIR set, screenshots of each state land there for a human to look at (the scenes'
// final frames are compared in the visual sweep).

// This file is about motion: it plays the scenes in full (the journeys' default is reduced, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage });
}

// The shell opens the daily bonus modal ~4 s after start (docs/product.md §2), once a day per device:
// marked as seen today, it neither covers the stage nor takes the clicks (tests/e2e/dailyBonus.spec.ts
// checks the modal itself).
test.beforeEach(({ page }) => bonusSeenToday(page));

async function openLab(page: Page, query: string) {
  await page.goto(`/scene-lab?${query}`);
  await expect(page.getByRole('dialog', { name: 'Daily bonus' })).toHaveCount(0);
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
    await shot(page, `${scene}-running`);
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(stage).toHaveAttribute('data-scene-phase', 'finished', { timeout: 10_000 });
    await page.waitForTimeout(300);
    await shot(page, `${scene}-finished`);
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
  await shot(page, 'box-x5-mobile', true);
});

// Designers tune scenes in the lab (docs/scenes.md, "Tuning"): a value changed in the tweakpane panel
// shows in the running scene without a reload, Export downloads the values as tuning.json, and
// Import loads such a file. The wheel's hub colour is a flat disc in the middle of a still wheel.
test('a tuning change shows in the scene without a reload; export and import carry the JSON', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openLab(page, 'scene=wheel&seed=3');
  const stage = page.getByTestId('scene-stage');
  await expect(stage).toHaveAttribute('data-scene-phase', 'ready');
  const panel = page.getByTestId('tuning-panel');
  await expect(panel.getByText('Tuning: wheel')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { labMark: number }).labMark = 1));
  // The stage's picture (the wheel stands still: it changes only when the scene draws something new).
  const hubPixel = async () => (await stage.screenshot()).toString('base64');
  const before = await hubPixel();
  const hubInput = panel.locator('.tp-lblv', { has: page.locator('.tp-lblv_l', { hasText: /^Hub$/ }) }).locator('.tp-colv_t input');
  await expect(hubInput).toHaveValue('#11142a');
  await hubInput.fill('#ff0000');
  await hubInput.press('Enter');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export tuning.json' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  expect(exported.hubColour).toBe('#ff0000');
  await expect.poll(hubPixel, { timeout: 10_000 }).not.toBe(before);
  const red = await hubPixel();
  expect(await page.evaluate(() => (window as unknown as { labMark?: number }).labMark), 'no reload').toBe(1);
  expect(Object.keys(exported).sort()).toEqual(Object.keys(JSON.parse(await readFile('scenes/wheel/tuning.json', 'utf8'))).sort());

  const imported = testInfo.outputPath('tuning.json');
  await writeFile(imported, JSON.stringify({ ...exported, hubColour: '#0000ff' }));
  await panel.locator('input[type=file]').setInputFiles(imported);
  await expect(hubInput).toHaveValue('#0000ff');
  await expect.poll(hubPixel, { timeout: 10_000 }).not.toBe(red);
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // A file with a value out of range changes nothing and says why.
  const outOfRange = testInfo.outputPath('out-of-range.json');
  await writeFile(outOfRange, JSON.stringify({ turns: 99 }));
  await panel.locator('input[type=file]').setInputFiles(outOfRange);
  await expect(panel.getByRole('alert')).toContainText('"turns" must be a number from 1 to 12.');
});

test('every scene tab shows its tuning panel', async ({ page }) => {
  test.setTimeout(120_000);
  await openLab(page, 'scene=box&seed=1');
  for (const [tab, name] of Object.entries({ 'Box opening': 'box', Dice: 'dice', Plinko: 'plinko', Upgrade: 'upgrade', Crash: 'crash', Wheel: 'wheel', Battle: 'battle' })) {
    await page.getByRole('button', { name: tab, exact: true }).and(page.locator('[aria-pressed]')).click();
    const panel = page.getByTestId('tuning-panel');
    await expect(panel.getByText(`Tuning: ${name}`)).toBeVisible();
    await expect(panel.locator('.tp-lblv').first()).toBeVisible();
  }
});
