import { cookies } from '../api/cookies.ts';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, matchLocale, type Locale } from '../../core/text/locales.ts';
import { activateLocale, currentLocale } from './i18n.ts';

// The player's language (docs/i18n.md): the `locale` cookie (the spec's, 365 days) once one was
// chosen or guessed; on a first visit the browser's languages, the first we speak, else en-US.
export const LOCALE_COOKIE_DAYS = 365;

function rememberLocale(locale: Locale): void {
  cookies.set(LOCALE_COOKIE, locale, { expires: LOCALE_COOKIE_DAYS, sameSite: 'lax', path: '/' });
}

/** The language this visit starts in. */
export function startingLocale(): Locale {
  const stored = cookies.get(LOCALE_COOKIE);
  if (isLocale(stored)) return stored;
  return matchLocale(navigator.languages?.length ? navigator.languages : [navigator.language ?? DEFAULT_LOCALE]);
}

/** Before the first render: the language set, its catalog loaded, the document's lang attribute said. */
export async function startLocale(): Promise<void> {
  const locale = startingLocale();
  try {
    await activateLocale(locale);
  } catch (error) {
    // The spec: a locale load failure is logged; the page goes on in en-US.
    console.error('Locale load failed', locale, error);
    await activateLocale(DEFAULT_LOCALE);
  }
  document.documentElement.lang = currentLocale().split('-')[0]!;
}

/** Keeps the locale cookie set (re-written on every start so it lives 365 days from the last visit). */
export function ensureLocale(): string {
  const locale = currentLocale();
  rememberLocale(locale);
  return locale;
}

/** Another language: remembered, then the page loads again in it (every text, format and scene at once). */
export function chooseLocale(locale: Locale): void {
  if (locale === currentLocale()) return;
  rememberLocale(locale);
  location.reload();
}

