import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday } from './helpers/players.ts';
import { englishLeft } from './helpers/englishLeft.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { readCatalog } from '../../scripts/i18nCatalogs.ts';
import { LOCALE_NAMES, type Locale } from '../../core/text/locales.ts';

// One journey per language (docs/i18n.md): sign up, deposit, open a box and play dice, all in that
// language, with no English left on the path — at each step the page's texts and spoken labels are
// read against the en-US catalogs (helpers/englishLeft.ts). The sandbox gateway's own checkout page
// stands for the payment provider's, which speaks its own language, and is not read. Four languages
// come from the browser's on a first visit; Turkish is chosen in the footer's picker, which keeps it
// in the spec's 365-day locale cookie.

const root = path.resolve(import.meta.dirname, '../..');
const catalog = (area: string, locale: Locale) => readCatalog(path.join(root, area, 'i18n', `${locale}.json`));

async function noEnglish(page: Page, locale: Locale, where: string) {
  expect(await englishLeft(page, locale), `English left ${where}`).toEqual([]);
}

const JOURNEYS: { locale: Locale; chosen: boolean }[] = [
  { locale: 'de-DE', chosen: false },
  { locale: 'es-ES', chosen: false },
  { locale: 'pt-BR', chosen: false },
  { locale: 'fr-FR', chosen: false },
  { locale: 'tr-TR', chosen: true },
];

for (const { locale, chosen } of JOURNEYS) {
  test.describe(locale, () => {
    test.use({ locale: chosen ? 'en-US' : locale });

    test(`${locale}: sign up, deposit, open a box and play dice with no English on the path`, async ({ page, context }) => {
      test.setTimeout(180_000);
      const auth = catalog('src/features/auth', locale);
      const layout = catalog('src/app/layout', locale);
      const deposit = catalog('src/features/deposit', locale);
      const dice = catalog('src/pages/dice', locale);
      const language = locale.split('-')[0]!;
      await bonusSeenToday(page);

      if (chosen) {
        // An English first visit, then the footer's picker: the page loads again in the language chosen.
        await page.goto('/');
        await expect(page.locator(APP_LOADING)).toHaveCount(0, { timeout: 30_000 });
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        // The reading sees English where there is English (the header's, the footer's).
        expect((await englishLeft(page, locale)).length).toBeGreaterThan(10);
        await page.getByTestId('language-picker').selectOption({ label: LOCALE_NAMES[locale] });
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const cookie = (await context.cookies()).find((c) => c.name === 'locale');
        expect(cookie?.value).toBe(locale);
        const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(364);
        expect(days).toBeLessThanOrEqual(365);
      }

      // Sign up, then the Login tab with the details filled in signs in.
      await page.goto('/?modal=register');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const register = page.getByRole('form', { name: auth.signUp });
      await expect(register).toBeVisible({ timeout: 30_000 });
      await noEnglish(page, locale, 'on the sign-up form');
      const stamp = `${Date.now() % 1_000_000}`;
      await register.getByLabel(auth.nickname!).fill(`Lang${language}${stamp}`);
      await register.getByLabel(auth.email!, { exact: true }).fill(`lang-${language}-${stamp}@example.com`);
      await register.getByLabel(auth.password!, { exact: true }).fill('language-secret');
      await register.getByRole('checkbox', { name: new RegExp(auth.termsOfService!) }).check();
      await register.getByRole('button', { name: auth.signUp }).click();
      const login = page.getByRole('form', { name: auth.login });
      await expect(login).toBeVisible();
      await noEnglish(page, locale, 'on the login form');
      await login.getByRole('button', { name: auth.login }).click();
      await expect(login).toHaveCount(0);

      // Deposit 100 through the cashier and the sandbox checkout.
      const balance = page.getByRole('button', { name: layout.balanceDeposit }).filter({ visible: true }).first();
      await balance.click();
      const cashier = page.getByRole('dialog', { name: deposit.depositTitle });
      await expect(cashier.getByRole('button', { name: deposit.pay })).toBeVisible({ timeout: 30_000 });
      await noEnglish(page, locale, 'in the cashier');
      await cashier.getByRole('button', { name: '100', exact: true }).click();
      await cashier.getByRole('button', { name: deposit.pay }).click();
      await page.waitForURL(/\/sandbox\/checkout\/\d+$/);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      // The checkout's page stays on screen until the home page's code is in.
      await expect(page.locator('.sandbox-checkout')).toHaveCount(0);
      await expect(page.locator('.home-boxes')).toBeVisible();
      await expect(balance).toContainText(new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(100));
      await noEnglish(page, locale, 'on the home page');

      // Open a box.
      await page.goto('/boxes/gift-card-grab');
      await expect(page.getByTestId('open-box')).toBeVisible({ timeout: 30_000 });
      await noEnglish(page, locale, 'on the box page');
      await page.getByTestId('open-box').click();
      await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'finished', { timeout: 60_000 });
      await expect(page.getByTestId('won-actions')).toBeVisible();
      await noEnglish(page, locale, 'after the opening');

      // Play dice.
      await page.goto('/dice');
      await expect(page.getByTestId('dice-scene')).toHaveAttribute('data-scene-phase', 'ready', { timeout: 30_000 });
      await noEnglish(page, locale, 'on the dice page');
      await page.getByRole('button', { name: dice.rollDice, exact: true }).click();
      await expect(page.getByTestId('dice-result')).not.toBeEmpty();
      await noEnglish(page, locale, 'after a roll');
    });
  });
}
