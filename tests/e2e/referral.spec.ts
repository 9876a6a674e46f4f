import { expect, test, type Browser } from './helpers/fixtures.ts';
import { shootBothSizes } from './helpers/screenshots.ts';
import { closeDailyBonusWhenItOpens, headerBalance, signIn } from './helpers/players.ts';
import { mailTo } from './helpers/outbox.ts';

// Affiliates journey (docs/community.md): a referrer sets a code on /profile/referral, a friend
// opens /ref/{code}, signs up in the modal it opens and is paid the invitee's reward on verifying
// the email, the friend's dice bets earn the referrer 20 % of the 1 % edge, and the referrer claims
// it into the balance.

const unique = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;

/**
 * A friend opens /ref/{code}: the landing and the sign-up say what the invitation pays, the sign-up
 * leads to Login with email and password filled (one press signs in), the landing then says the
 * invitation is theirs (never that it does not apply), and the mailed link pays the reward.
 */
async function friendSignsUp(browser: Browser, baseURL: string, code: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await closeDailyBonusWhenItOpens(page);
  await page.goto(`/ref/${code}`);
  const landing = page.locator('.ref-landing');
  await expect(page.getByRole('heading', { name: 'You have been invited' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Sign Up' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('dialog').getByTestId('invitation-note')).toHaveText(/^Invited by r\*{6}\d: 1\.00 free coins once your email is verified\.$/);
  expect((await context.cookies()).find((c) => c.name === 'ref')?.value).toBe(code);
  await page.keyboard.press('Escape');
  await expect(landing.getByTestId('invitation-reward')).toHaveText('1.00');
  await expect(landing).toContainText(/r\*{6}\d invited you/);
  await shootBothSizes(page, 'ref-landing');
  await landing.getByRole('button', { name: 'Sign Up' }).click();
  const email = `friend${unique()}@example.com`;
  await form.getByLabel('Nickname').fill(`Friend${unique().slice(-4)}`);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill('friend-secret');
  await form.getByRole('checkbox', { name: /I accept the Terms/ }).check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  const login = page.getByRole('form', { name: 'Login' });
  await expect(login.getByLabel('Password', { exact: true })).toHaveValue('friend-secret');
  // The code is forgotten once it has been sent with the sign-up.
  expect((await context.cookies()).find((c) => c.name === 'ref')).toBeUndefined();
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(landing.getByRole('heading', { name: 'Your invitation is active' })).toBeVisible();
  await expect(landing).not.toContainText('does not apply');
  await expect(landing).toContainText('is not verified. Verify it to receive your 1.00 free coins.');
  await expect(landing.getByRole('button', { name: 'Resend' })).toBeVisible();

  const mail = await mailTo(email, 'Verify Email Address');
  await page.goto(mail.link);
  await expect(page.getByRole('heading', { name: 'Your email address is verified' })).toBeVisible();
  await expect(page.getByTestId('invitation-paid')).toHaveText('1.00 free coins from your invitation were added to your balance.');
  await expect(headerBalance(page)).toContainText('1.00');
  const token = (await context.cookies()).find((c) => c.name === 'token')!.value;
  await context.close();
  return { authorization: `Bearer ${token}` };
}

test('a referred player\'s bets earn the referrer a commission, which the referrer claims', async ({ page, browser, baseURL, request }) => {
  await closeDailyBonusWhenItOpens(page);
  await signIn(page, request, baseURL!, 'referrer');
  await page.goto('/profile/referral');
  await expect(page.getByRole('heading', { name: 'Affiliates' })).toBeVisible();
  const code = `e2e-${unique()}`;
  await page.getByRole('textbox', { name: 'Referral code' }).fill(code);
  await page.getByRole('button', { name: 'Save code' }).click();
  await expect(page.getByText('Your referral code has been updated.')).toBeVisible();
  await expect(page.getByTestId('referral-link')).toHaveText(`${baseURL}/ref/${code}`);

  const friend = await friendSignsUp(browser, baseURL!, code);
  const address = await request.post('/api/deposit/alphapo/deposit-address', { headers: friend, data: { currency: 'BTC' } });
  const wallet = (await address.json()).data.wallet;
  expect((await request.post(`/api/sandbox/crypto/${wallet}/receive`, { headers: friend, data: { amount: 1000 } })).ok()).toBe(true);
  for (let i = 0; i < 2; i += 1) {
    const bet = await request.post('/api/dice/bet', { headers: friend, data: { amount: 250, target: 50, direction: 'under' } });
    expect(bet.ok(), await bet.text()).toBe(true);
  }

  // 2 × 250.00 × 1 % × 20 % = 1.00 coin.
  await page.reload();
  await expect(page.getByTestId('referral-referred')).toHaveText('1');
  await expect(page.getByTestId('referral-earnings')).toContainText('1.00');
  await expect(page.getByRole('cell', { name: /^F\*+\d$/ })).toBeVisible();
  await shootBothSizes(page, 'referral');
  await page.getByRole('button', { name: 'Claim earnings' }).click();
  await expect(page.getByText('1.00 coins of referral earnings were added to your balance.')).toBeVisible();
  await expect(headerBalance(page)).toContainText('1.00');
  await expect(page.getByTestId('referral-earnings')).toContainText('0.00');
  await expect(page.getByRole('button', { name: 'Claim earnings' })).toBeDisabled();
});
