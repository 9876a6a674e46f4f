import { expect, test, type Locator, type Page } from '@playwright/test';
import { bonusSeenToday, closeDailyBonusWhenItOpens, fixedPlayer } from './helpers/players.ts';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './helpers/routes.ts';
import { APP_LOADING } from './helpers/appLoading.ts';

// Visual baselines (docs/visual-qa.md): every page at 1440×900 and 390×844 and every scene's final
// frame on a fixed seed, compared with the committed pictures in visual.spec.ts-snapshots/ within
// the tolerance set in playwright.config.ts. The 'visual' project runs this file against a server of
// its own (fresh data, nothing else plays on it). Refresh: `npm run test:visual:update`.

// A scene's Play, Skip and two agreeing shots of its stage take up to a minute on two busy cores.
test.describe.configure({ timeout: 120_000 });

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The browser's clock stands still at this moment: dates and "ago" texts the client renders do not move. */
const FROZEN_AT = new Date('2026-06-15T12:00:00Z');

/** The one signed-in player of these pictures: the same name, email and balance on every run. */
const PLAYER = { name: 'Visual Tester', email: 'visual-tester@example.com', password: 'visual-tester-secret' };
const PLAYER_COINS = 250;

/**
 * Regions that are live by nature, painted over in a flat colour on every shot (each with why):
 * the crash and wheel rounds run on the server's clock, so their stage, countdown, history strip
 * and round tables change from second to second.
 */
const liveRegions = (page: Page): Locator[] => [
  page.locator('.game-page__stage canvas'), // crash and wheel: the live round
  page.getByTestId('wheel-scene'),
  page.locator('.crash-strip, .wheel-strip'), // the last rounds' results
  page.locator('.crash-readout, .wheel-readout'), // the round number, the countdown and the last result
  page.getByTestId('wheel-colors'), // the colour that won the last round is highlighted while it lands
  page.getByTestId('fair-chains').locator('dl'), // each server draws its own chain: hash, salt, rounds played
];

/** A full-page shot of a long page takes seconds on two busy cores: each shot gets 30 s to come out the same twice. */
const SHOT_TIMEOUT = 30_000;

/** Name of a page's picture: the path as a file name plus the viewport. */
const shotName = (path: string, width: number, height: number) =>
  `${path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')}-${width}x${height}.png`;

/** Loads a page and waits until it is still: no loading overlay, network idle, fonts and every picture in. */
async function openStill(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator(APP_LOADING)).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // A page's data can arrive after the network first fell idle (its request waits on the session, or
  // on a script that parses slowly on busy cores): a region whose data is still loading says so.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy pictures below the fold would load (or not) while the full page is captured: load them all now.
    for (const img of document.images) img.loading = 'eager';
    const pending = [...document.images].filter((img) => !img.complete);
    await Promise.all(pending.map((img) => new Promise((done) => ['load', 'error'].forEach((type) => img.addEventListener(type, done, { once: true })))));
  });
}

async function preparePage(page: Page) {
  await page.clock.setFixedTime(FROZEN_AT);
  await bonusSeenToday(page);
  await closeDailyBonusWhenItOpens(page);
}

for (const viewport of VIEWPORTS) {
  test.describe(`pages at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => preparePage(page));

    for (const path of PUBLIC_ROUTES) {
      test(`${path}`, async ({ page }) => {
        await openStill(page, path);
        await expect(page).toHaveScreenshot(shotName(path, viewport.width, viewport.height), { fullPage: true, mask: liveRegions(page), timeout: SHOT_TIMEOUT });
      });
    }

    for (const path of SIGNED_IN_ROUTES) {
      test(`${path} (signed in)`, async ({ page, request, baseURL }) => {
        await fixedPlayer(page, request, baseURL!, PLAYER, PLAYER_COINS);
        await openStill(page, path);
        await expect(page).toHaveScreenshot(shotName(path, viewport.width, viewport.height), { fullPage: true, mask: liveRegions(page), timeout: SHOT_TIMEOUT });
      });
    }
  });
}

/** Each scene of the lab, the button that plays it, and the lab's query (a fixed seed). */
const SCENES = [
  { scene: 'box', play: 'Play', query: 'seed=7' },
  { scene: 'dice', play: 'Roll', query: 'seed=7' },
  { scene: 'upgrade', play: 'Upgrade', query: 'seed=7' },
  { scene: 'plinko', play: 'Drop 5 balls', query: 'seed=7' },
  { scene: 'crash', play: 'Play round', query: 'seed=7&crash=3.2' },
  { scene: 'wheel', play: 'Spin', query: 'seed=7', noWin: true },
  { scene: 'battle', play: 'Play round', query: 'seed=7&seats=4' },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`scenes' final frames at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await bonusSeenToday(page);
      await closeDailyBonusWhenItOpens(page);
    });

    for (const { scene, play, query, ...options } of SCENES) {
      test(scene, async ({ page }) => {
        await openStill(page, `/scene-lab?scene=${scene}&${query}`);
        const stage = page.getByTestId('scene-stage');
        await expect(stage).toHaveAttribute('data-scene-phase', 'ready');
        // The viewer's own win throws confetti that keeps falling after Skip: the wheel lands on a loss.
        if ('noWin' in options) await page.getByLabel('My win').uncheck();
        // The scene tabs (aria-pressed) share names with play buttons ('Upgrade'): take the play button.
        await page.getByRole('button', { name: play, exact: true }).and(page.locator(':not([aria-pressed])')).click();
        await expect(stage).toHaveAttribute('data-scene-phase', 'running');
        await page.getByRole('button', { name: 'Skip', exact: true }).click();
        await expect(stage).toHaveAttribute('data-scene-phase', 'finished', { timeout: 15_000 });
        // The sticky site header would cover the top of a stage scrolled into view on a phone.
        await page.addStyleTag({ content: '.header { visibility: hidden !important; }' });
        await expect(stage).toHaveScreenshot(`scene-${scene}-${viewport.width}x${viewport.height}.png`, { timeout: SHOT_TIMEOUT });
      });
    }
  });
}
