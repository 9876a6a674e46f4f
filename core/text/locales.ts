// The interface languages. en-US is the default and the spec's own: every spec text is exact in it
// (docs/i18n.md). The others are ours, beyond the spec. Shared by the client (picker, first visit,
// formats) and the server (a player's mails and messages).

export const LOCALES = ['en-US', 'de-DE', 'es-ES', 'pt-BR', 'fr-FR', 'tr-TR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
/** The spec's cookie holding the player's language: written by the page, read by the server for its answers. */
export const LOCALE_COOKIE = 'locale';

/** Each language named in itself, as a picker lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
  'pt-BR': 'Português (Brasil)',
  'fr-FR': 'Français',
  'tr-TR': 'Türkçe',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of a browser's languages we speak, exactly or by its language ("de-AT" → de-DE,
 * "pt-PT" → pt-BR, "es-419" → es-ES); en-US when none.
 */
export function matchLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]!.toLowerCase();
    const byLanguage = LOCALES.find((locale) => locale.split('-')[0] === language);
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_LOCALE;
}
