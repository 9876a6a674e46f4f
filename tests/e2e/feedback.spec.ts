import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, headerBalance, signIn } from './helpers/players.ts';
import { APP_LOADING } from './helpers/appLoading.ts';

// Feedback (docs/client-shell.md): toasts start under the header (never over the balance), and
// the header has a visible mute control that keeps the muted setting across reloads.

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`a toast never covers the header balance; the mute control sticks (${size.width}×${size.height})`, async ({ page, request, baseURL }) => {
    await page.setViewportSize(size);
    await signIn(page, request, baseURL!, 'toast');
    await bonusSeenToday(page);
    await page.goto('/');
    await expect(page.locator(APP_LOADING)).toHaveCount(0); // on a prerendered page, clicks wait for React
    const mute = page.getByRole('button', { name: 'Mute sounds' });
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    const target = await mute.boundingBox();
    expect(Math.min(target!.width, target!.height)).toBeGreaterThanOrEqual(24);
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('scenes.soundMuted'))).toBe('1');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Mute sounds' })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/?modal=deposit&promocode=nosuchcode');
    // A phone's cashier starts at the method list; the code is checked once the card form shows.
    await expect(page.getByRole('dialog')).toBeVisible();
    if (size.width < 768) await page.getByRole('dialog').getByRole('tab', { name: /Credit card/ }).click();
    const toast = page.locator('.Toastify__toast').first();
    await expect(toast).toBeVisible();
    const header = await page.getByRole('banner').boundingBox();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    if (size.width > 480) await expect(headerBalance(page)).toBeVisible();
    // Phones: inset from both edges (the library's own rule ran it edge to edge, cut at the left).
    else await expect.poll(async () => ((b) => b.x >= 8 && b.x + b.width <= size.width - 8)((await toast.boundingBox())!)).toBe(true);
    await page.screenshot({ path: `/tmp/feedback-${size.width}.png` });
  });
}
