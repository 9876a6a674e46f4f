import { expect, test } from '@playwright/test';

// Sign-up journey at both sizes (docs/accounts.md): the terms and 18+ box blocks the submit until
// it is ticked (no request leaves), and after the registration the Login tab opens with the email
// already filled in.

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`sign-up needs the terms and 18+ confirmation, then Login has the email (${size.width}×${size.height})`, async ({ page }) => {
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

    await form.getByText('I accept the Terms of Service').click();
    await expect(form.getByText('Please confirm you are 18 or older')).toHaveCount(0);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    const login = page.getByRole('form', { name: 'Login' });
    await expect(login).toBeVisible();
    await expect(login.getByLabel('Email', { exact: true })).toHaveValue(email);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toMatchObject({ email, terms: true, promotions: true });
  });
}
