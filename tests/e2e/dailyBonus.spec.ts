import { expect, test, type Page } from '@playwright/test';
import { depositWinter35, fundedPlayer, signIn } from './helpers/players.ts';
import { APP_LOADING } from './helpers/appLoading.ts';

// The daily bonus modal (docs/client-shell.md): at most once a day per device, never over a
// running scene, never once its code was used.

const bonus = (page: Page) => page.getByRole('dialog', { name: 'Daily bonus' });
/** Longer than the 4 s delay plus a slow machine's start. */
const PAST_THE_DELAY_MS = 7000;

test('the bonus opens once on a device that day: not again after a reload', async ({ page }) => {
  await page.goto('/');
  await expect(bonus(page)).toBeVisible({ timeout: 15_000 });
  await bonus(page).getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await page.locator(APP_LOADING).waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForTimeout(PAST_THE_DELAY_MS);
  await expect(bonus(page)).toHaveCount(0);
  // A new day on this device offers it again.
  await page.evaluate(() => localStorage.setItem('bonus.shownOn', '2000-01-01'));
  await page.reload();
  await expect(bonus(page)).toBeVisible({ timeout: 15_000 });
});

test('the bonus never opens over a running box reel', async ({ page, request, baseURL }) => {
  await fundedPlayer(page, request, baseURL!, 50, 'reelbonus');
  // The page's clock stands still until the reel runs, so the 4 s timer cannot fire before it on a
  // slow machine; then the clock jumps past the delay.
  await page.clock.install();
  await page.goto('/boxes/gift-card-grab');
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByTestId('open-box').click();
  await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'running');
  await page.clock.fastForward(PAST_THE_DELAY_MS);
  await page.clock.resume();
  await page.waitForTimeout(2000);
  await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'running');
  await expect(bonus(page)).toHaveCount(0);
});

test('after a deposit that used winter35 the bonus is not offered again', async ({ page, request, baseURL }) => {
  await signIn(page, request, baseURL!, 'usedcode');
  await depositWinter35(page);
  // Even on a fresh day for this device, the used code is not offered.
  await page.evaluate(() => localStorage.removeItem('bonus.shownOn'));
  await page.reload();
  await page.locator(APP_LOADING).waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForTimeout(PAST_THE_DELAY_MS);
  await expect(bonus(page)).toHaveCount(0);
});
