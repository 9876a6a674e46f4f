import { expect, test } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, depositWinter35, headerBalance, openCashier, signIn, verifyEmail } from './helpers/players.ts';
import { mailTo } from './helpers/outbox.ts';
import { shootBothSizes } from './helpers/screenshots.ts';
import { expectReelLandedOn } from './helpers/boxReel.ts';

// The spec's loose ends (docs/community.md): an unverified player sees "Resend" in the profile, on
// the crypto withdrawal and on free loot, and it sends a new verification mail; the deposit modal
// mentions the 5 % promotion (bonus5); the delivery form offers the 31 countries.

// This file is about motion: it plays the scenes in full (the journeys' default is reduced, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test('an unverified player resends the verification mail from the profile; the notice shows where a verified email is needed', async ({ page, request, baseURL }) => {
  await closeDailyBonusWhenItOpens(page);
  const player = await signIn(page, request, baseURL!, 'unverified');
  await page.goto('/profile');
  const notice = page.getByRole('status').filter({ hasText: 'is not verified' });
  await expect(notice).toContainText(player.email);
  await shootBothSizes(page, 'profile-unverified');
  await notice.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('If that email needs verifying, we have sent a new verification link.')).toBeVisible();
  expect((await mailTo(player.email, 'Verify Email Address')).link).toContain('/api/email/verify/');
  for (const path of ['/profile/withdraw', '/freeloot']) {
    await page.goto(path);
    await expect(page.getByRole('status').filter({ hasText: 'is not verified' }).getByRole('button', { name: 'Resend' })).toBeVisible();
  }
});

test('the deposit modal mentions the 5 % promotion, and the delivery form lists the countries', async ({ page, request, baseURL }) => {
  await closeDailyBonusWhenItOpens(page);
  await signIn(page, request, baseURL!, 'promo');
  await openCashier(page, '/?modal=deposit');
  const hint = page.getByTestId('promo-bonus5').first();
  await expect(hint).toContainText('5% bonus on this deposit with the code bonus5');
  await hint.getByRole('button', { name: 'bonus5' }).click();
  await expect(page.getByTestId('promo-applied').first()).toContainText('bonus5');
  await page.keyboard.press('Escape');
  await page.goto('/profile/delivery');
  const country = page.getByLabel('Country');
  await expect(country.locator('option:not([disabled])')).toHaveCount(31);
  await country.selectOption('Canada');
  await expect(country).toHaveValue('Canada');
});

// The bonus box opens on its box's page with the reel, like any opening, and the reel stays on what
// it won (docs/boxes.md "Bonus boxes").
test('the free box of a winter35 deposit opens once, from /freeloot on its box page with the reel', async ({ page, request, baseURL }) => {
  await closeDailyBonusWhenItOpens(page);
  const player = await signIn(page, request, baseURL!, 'winter');
  await verifyEmail(request, player.email);
  await depositWinter35(page);

  await page.goto('/freeloot');
  const panel = page.getByRole('region', { name: 'Bonus boxes' });
  await expect(panel).toContainText('winter35');
  await panel.getByRole('link', { name: 'Open for free' }).click();
  await page.waitForURL(/\/standard\/[a-z0-9-]+\?bonus=\d+$/);
  const boxApi = `/api/free-boxes/${new URL(page.url()).pathname.split('/').at(-1)}`;
  const refetched = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith(boxApi));
  await page.getByRole('button', { name: 'Open your bonus box' }).click();
  // The reel plays the opening (Skip: this machine's software GL draws about a frame a second).
  await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'running');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('won-items').locator('.item-card')).toHaveCount(1);
  const wonName = (await page.getByTestId('won-items').locator('.item-card__name').textContent())!;
  await expect(page).toHaveURL(/\/standard\/[a-z0-9-]+$/); // used: the page no longer offers it
  // Dropping ?bonus= and fetching the box again after the opening leave the landed reel on the won
  // item, with the result under it.
  await refetched;
  await expectReelLandedOn(page, [wonName]);
  await expect(page.getByTestId('reel-result')).toContainText(wonName);
  await page.goto('/freeloot');
  await expect(page.getByRole('heading', { name: 'Free boxes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bonus boxes' })).toHaveCount(0);
  await expect(headerBalance(page)).toContainText('33.75');
});
