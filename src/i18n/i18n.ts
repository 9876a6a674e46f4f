import { setupI18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from '../../core/text/locales.ts';
import { namespaceOf } from './catalog.ts';

// The interface's language for this page's life (docs/i18n.md): set once before the first render
// (src/main.tsx); choosing another reloads the page, so every text, format and scene label agrees.
// en-US needs no download: each area's English travels with its code. Another language's catalog
// is one chunk, fetched before the first render.

const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });

type OtherLocale = Exclude<Locale, 'en-US'>;
const LOADERS: Record<OtherLocale, () => Promise<{ default: Messages }>> = {
  'de-DE': () => import('virtual:i18n-catalog/de-DE'),
  'es-ES': () => import('virtual:i18n-catalog/es-ES'),
  'pt-BR': () => import('virtual:i18n-catalog/pt-BR'),
  'fr-FR': () => import('virtual:i18n-catalog/fr-FR'),
  'tr-TR': () => import('virtual:i18n-catalog/tr-TR'),
};

/** Makes `locale` the page's language, fetching its catalog first. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (locale !== DEFAULT_LOCALE) i18n.load(locale, (await LOADERS[locale as OtherLocale]()).default);
  i18n.activate(locale);
}

export function currentLocale(): Locale {
  return i18n.locale as Locale;
}

export type MessageValues = Record<string, string | number>;

/** One of an area's messages in the page's language; en-US (the area's own) when a catalog lacks it. */
export function translate<M extends object>(messages: M, key: keyof M & string, values?: MessageValues): string {
  const english = (messages as Record<string, unknown>)[key];
  // Lingui types a fallback message as its source string; ours is already compiled (the same shape
  // its catalogs hold), which its formatter takes as it is.
  return i18n._(`${namespaceOf(messages)}:${key}`, values, { message: english as string });
}

/**
 * An area's translate function, made once at its module's top: `const t = translator(messages)` with
 * `import messages from './i18n/en-US.json'`, then `t('signUp')` or `t('itemsLeft', { count })` when
 * rendering (never at a module's top: the entry's modules run before the language is set). The keys
 * are the area's en-US keys, checked by TypeScript.
 */
export function translator<M extends object>(messages: M): (key: keyof M & string, values?: MessageValues) => string {
  return (key, values) => translate(messages, key, values);
}
