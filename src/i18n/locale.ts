import { cookies, LOCALE_COOKIE } from '../api/cookies.ts';

// One language (docs/product.md §9): en-US, remembered in the `locale` cookie for 365 days.
export const DEFAULT_LOCALE = 'en-US';
export const LOCALE_COOKIE_DAYS = 365;

/** Keeps the locale cookie set (re-written on every start so it lives 365 days from the last visit). */
export function ensureLocale(): string {
  // Any other stored value is replaced: there is only one language.
  const locale = DEFAULT_LOCALE;
  cookies.set(LOCALE_COOKIE, locale, { expires: LOCALE_COOKIE_DAYS, sameSite: 'lax', path: '/' });
  document.documentElement.lang = 'en';
  return locale;
}
