import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, headerBalance, signIn } from './helpers/players.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { restingToast } from './helpers/toasts.ts';

// Feedback (docs/client-shell.md): toasts start under the header (never over the balance), and
// the header's sound control opens the sound settings, whose mute and volumes are kept across reloads.

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`a toast never covers the header balance; the sound settings stick (${size.width}×${size.height})`, async ({ page, request, baseURL }) => {
    await page.setViewportSize(size);
    await signIn(page, request, baseURL!, 'toast');
    await bonusSeenToday(page);
    await page.goto('/');
    await expect(page.locator(APP_LOADING)).toHaveCount(0); // on a prerendered page, clicks wait for React
    const control = page.getByRole('button', { name: 'Sound settings' });
    const target = await control.boundingBox();
    expect(Math.min(target!.width, target!.height)).toBeGreaterThanOrEqual(24);
    await control.click();
    const settings = page.getByRole('dialog', { name: 'Sound' });
    const mute = settings.getByRole('button', { name: 'Mute sounds' });
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await expect(control).toHaveAttribute('title', 'Sounds off');
    // The volumes: a slider moved by keys (5 % a step), kept on this device.
    const effects = settings.getByRole('slider', { name: 'Effects' });
    await expect(effects).toHaveValue('100');
    await effects.press('ArrowLeft');
    await effects.press('ArrowLeft');
    await expect(settings.getByText('90%')).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('scenes.soundMuted'), JSON.parse(localStorage.getItem('scenes.soundVolumes')!)])).toEqual(['1', { master: 1, effects: 0.9, music: 0.8 }]);
    await page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);
    await page.reload();
    await expect(page.locator(APP_LOADING)).toHaveCount(0);
    await control.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await expect(effects).toHaveValue('90');

    // The toast's place once its entrance has played, watched from the new page's first moment
    // (helpers/toasts.ts): it closes itself after 2 s, which a busy machine once spent before a read.
    await page.goto('/?modal=deposit&promocode=nosuchcode', { waitUntil: 'commit' });
    const toast = restingToast(page);
    // A phone's cashier starts at the method list; the code is checked once the card form shows.
    await expect(page.getByRole('dialog')).toBeVisible();
    if (size.width < 768) await page.getByRole('dialog').getByRole('tab', { name: /Credit card/ }).click();
    const placed = await toast;
    expect(placed.top).toBeGreaterThanOrEqual(placed.headerBottom);
    if (size.width > 480) await expect(headerBalance(page)).toBeVisible();
    // Phones: inset from both edges (the library's own rule ran it edge to edge, cut at the left).
    else expect(placed.left >= 8 && placed.right <= size.width - 8, `toast from ${placed.left} to ${placed.right}`).toBe(true);
  });
}
