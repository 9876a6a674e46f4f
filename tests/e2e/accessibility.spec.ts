import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, signIn } from './helpers/players.ts';
import { APP_LOADING } from './helpers/appLoading.ts';

// Accessibility, WCAG 2.2 AA (docs/client-shell.md): a skip link, a visible focus ring on green
// buttons, text contrast of at least 4.5:1 for the dim seed/nonce/RTP text, targets of at least
// 24×24 px, and the client-seed Save button inside its card on a phone.

function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test('a skip link leads to the content, and a green button gets a visible (white) focus ring', async ({ page }) => {
  await bonusSeenToday(page);
  await page.goto('/');
  await page.locator(APP_LOADING).waitFor({ state: 'detached', timeout: 30_000 });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

  const signUp = page.getByRole('banner').getByRole('button', { name: 'Sign up', exact: true });
  await signUp.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab'); // focus by keyboard, so :focus-visible applies
  await expect(signUp).toBeFocused();
  const ring = await signUp.evaluate((el) => ({ colour: getComputedStyle(el).outlineColor, width: parseFloat(getComputedStyle(el).outlineWidth), style: getComputedStyle(el).outlineStyle }));
  expect(ring).toEqual({ colour: 'rgb(255, 255, 255)', width: 3, style: 'solid' });
});

test('the dim text reads at 4.5:1 on every panel shade', async ({ page }) => {
  await page.goto('/');
  const colours = await page.evaluate(() => {
    const s = getComputedStyle(document.documentElement);
    return ['--text-dim', '--bg-0', '--panel', '--panel-2'].map((v) => s.getPropertyValue(v).trim());
  });
  const [dim, ...backgrounds] = colours;
  for (const bg of backgrounds) expect(contrast(dim!, bg), `${dim} on ${bg}`).toBeGreaterThanOrEqual(4.5);
});

test('on a phone: the Verify link is a 24 px target and the client-seed Save button stays in its card', async ({ page, request, baseURL }) => {
  await signIn(page, request, baseURL!, 'a11y');
  await bonusSeenToday(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/plinko'); // its fair line shows the current pair before any bet
  const verify = page.getByTestId('fair-line').getByRole('link', { name: 'Verify' });
  const target = await verify.boundingBox();
  expect(target!.width).toBeGreaterThanOrEqual(24);
  expect(target!.height).toBeGreaterThanOrEqual(24);

  await page.goto('/provably-fair');
  const card = page.getByTestId('fair-seeds');
  const save = card.getByRole('button', { name: 'Save' });
  await expect(save).toBeVisible();
  const [cardBox, saveBox] = [await card.boundingBox(), await save.boundingBox()];
  expect(saveBox!.x + saveBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  expect(saveBox!.height).toBeGreaterThanOrEqual(44);
});
