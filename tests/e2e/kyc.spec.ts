import { expect, test } from './helpers/fixtures.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer, verifyEmail } from './helpers/players.ts';
import { signInAdmin } from './helpers/staff.ts';

// KYC tiers (docs/kyc.md), the "How we will know": a withdrawal above the threshold is
// blocked until the console approves the documents. The player's 5,100.00 withdrawal is refused
// unverified (level 1's message), again with their details saved (level 2's); they upload a picture
// and a PDF on the sandbox provider's page and submit; the console (a second browser, the admin's)
// sees the check with the picture loaded through its staff-only route and approves it with a note;
// the player's page then says verified, and the same withdrawal goes through.

test('KYC: a withdrawal over the limit waits until the console approves the documents', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(180_000); // two browsers and a dozen page loads: 1.1–1.8 min on a loaded machine
  await closeDailyBonusWhenItOpens(page);
  const player = await fundedPlayer(page, request, baseURL!, 5_200, 'kyc');
  await verifyEmail(request, player.email);
  const fullName = `Ada Kyc${Date.now() % 100_000}`;

  const withdraw = async () => {
    await page.goto('/profile/withdraw');
    await page.getByLabel('Amount (min 20)').fill('5100');
    await page.getByLabel('Wallet address').fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  };
  await withdraw();
  await expect(page.getByText('Add your personal details (verification level 1) to withdraw more than 1000.00 coins in 30 days.')).toBeVisible();

  await page.getByRole('link', { name: 'verification level' }).click();
  await expect(page.getByRole('heading', { name: 'Not verified' })).toBeVisible();
  await expect(page.getByTestId('kyc-limit')).toHaveText('Withdrawals up to 1000.00 in 30 days; 0.00 used.');
  const details = page.getByRole('form', { name: 'Personal details' });
  await details.getByLabel('Full name').fill(fullName);
  await details.getByLabel('Date of birth').fill('10.12.1990');
  await details.getByLabel('Country of residence').selectOption('GB');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('heading', { name: 'Verified: level 1' })).toBeVisible();
  await expect(page.getByTestId('kyc-limit')).toHaveText('Withdrawals up to 5000.00 in 30 days; 0.00 used.');

  await withdraw();
  await expect(page.getByText('Verify your identity (verification level 2) to withdraw more than 5000.00 coins in 30 days.')).toBeVisible();

  // The provider's page: a picture of the document (a real PNG: a corner of this page) and a PDF.
  const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 80 } });
  await page.goto('/profile/verification');
  await page.getByRole('button', { name: 'Verify identity' }).click();
  await page.waitForURL(/\/sandbox\/kyc\/[0-9a-f]{24}$/);
  await page.getByLabel(/^Identity document/).setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByTestId('kyc-identity-state')).toHaveText('Uploaded');
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  await page.getByLabel(/^Proof of address/).setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(page.getByTestId('kyc-address-state')).toHaveText('Uploaded');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.waitForURL((url) => url.pathname === '/profile/verification');
  await expect(page.getByText('Your documents are being reviewed.')).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await closeDailyBonusWhenItOpens(admin);
  await signInAdmin(admin, adminContext.request, baseURL!);
  await admin.goto('/admin');
  await admin.locator(APP_LOADING).waitFor({ state: 'detached', timeout: 30_000 });
  await admin.getByRole('link', { name: 'Identity checks' }).click();
  const row = admin.getByTestId('kyc-row').filter({ hasText: fullName });
  await expect(row).toContainText(`${fullName}, born 10.12.90, GB`);
  const document = row.getByRole('img', { name: 'Identity document' });
  await expect.poll(() => document.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
  await expect(row.getByRole('link', { name: 'Proof of address (PDF)' })).toBeVisible();
  await row.getByLabel('Note').fill('Passport and bill match the details.');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByRole('status')).toHaveText('Review saved.');
  await expect(row).toHaveCount(0);
  await adminContext.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Verified: level 2' })).toBeVisible();
  await expect(page.getByText('Your identity is verified.')).toBeVisible();
  await expect(page.getByText('No verification limit on withdrawals.')).toBeVisible();
  await withdraw();
  await expect(page.getByText('Your withdrawal was requested.')).toBeVisible();
});
