import { expect, test } from './helpers/fixtures.ts';

// Sign-up journey at both sizes (docs/accounts.md): the terms and 18+ box blocks the submit until
// it is ticked (no request leaves), its Terms of Service opens the terms in a new tab, and after the
// registration the Login tab opens with the email and the password already filled in: one press of
// Login signs in.

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`sign-up needs the terms and 18+ confirmation, then one press of Login signs in (${size.width}×${size.height})`, async ({ page }) => {
    await page.setViewportSize(size);
    const email = `terms${Date.now()}${size.width}@example.com`;
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/register')) sent.push(r.postData() ?? '');
    });
    await page.goto('/?modal=register');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByLabel('Nickname').fill(`Terms${Date.now() % 100000}`);
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill('terms-secret');
    await form.getByText('I want to receive promotions').click();
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(form.getByText('Please confirm you are 18 or older and accept the Terms of Service.')).toBeVisible();
    await expect(form.getByRole('checkbox', { name: /I accept the Terms/ })).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    const terms = form.getByRole('link', { name: 'Terms of Service' });
    await expect(terms).toHaveAttribute('href', '/terms-of-service');
    await expect(terms).toHaveAttribute('target', '_blank');

    await form.getByRole('checkbox', { name: /I accept the Terms/ }).check();
    await expect(form.getByText('Please confirm you are 18 or older')).toHaveCount(0);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    const login = page.getByRole('form', { name: 'Login' });
    await expect(login).toBeVisible();
    await expect(login.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(login.getByLabel('Password', { exact: true })).toHaveValue('terms-secret');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toMatchObject({ email, terms: true, promotions: true });
    await login.getByRole('button', { name: 'Login' }).click();
    // The Login modal closes (a signed-in player's daily bonus may open its own dialog a moment later).
    await expect(login).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Balance, deposit' }).filter({ visible: true }).first()).toBeVisible();
    // The password lived only in the modal: nothing of it is kept in the page's storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
    expect(stored).not.toContain('terms-secret');
  });
}
