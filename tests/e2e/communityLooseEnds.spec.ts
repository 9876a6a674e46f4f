import { expect, test } from '@playwright/test';
import { closeDailyBonusWhenItOpens, depositWinter35, headerBalance, signIn, verifyEmail } from './helpers/players.ts';
import { mailTo } from './helpers/outbox.ts';
import { shootBothSizes } from './helpers/screenshots.ts';

// The spec's loose ends (docs/community.md): an unverified player sees "Resend" in the profile, on
// the crypto withdrawal and on free loot, and it sends a new verification mail; the deposit modal
// mentions the 5 % promotion (bonus5); the delivery form offers the 31 countries.

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
  await page.goto('/?modal=deposit');
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

test('the free box of a winter35 deposit opens once from /freeloot', async ({ page, request, baseURL }) => {
  await closeDailyBonusWhenItOpens(page);
  const player = await signIn(page, request, baseURL!, 'winter');
  await verifyEmail(request, player.email);
  await depositWinter35(page);

  await page.goto('/freeloot');
  const panel = page.getByRole('region', { name: 'Bonus boxes' });
  await expect(panel).toContainText('winter35');
  await panel.getByRole('button', { name: 'Open for free' }).click();
  await expect(panel.getByRole('status')).toContainText('It is in your inventory.');
  await expect(panel.getByRole('button', { name: 'Open for free' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Bonus boxes' })).toHaveCount(0);
  await expect(headerBalance(page)).toContainText('33.75');
});
