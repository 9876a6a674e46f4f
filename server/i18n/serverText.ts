import { readFileSync } from 'node:fs';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES, type Locale } from '../../core/text/locales.ts';

// Texts the server writes itself (docs/i18n.md, "Texts the server sends"): mails and the chat's system
// messages. As on the client, an area keeps them beside its code, `<area>/i18n/<locale>.json` in ICU
// MessageFormat keyed by names, en-US the spec's wording; here they are compiled once when the module
// loads. tests/core/i18nCatalogs.test.ts checks these folders like the client's.

export type TextValues = Record<string, string | number>;
export type ServerTranslate<K extends string> = (locale: Locale, key: K, values?: TextValues) => string;

/**
 * An area's translate function, made once at its module's top:
 * `import type english from './i18n/en-US.json'` and
 * `const text = serverTranslator<typeof english>(new URL('./i18n/', import.meta.url))`,
 * then `text(locale, 'verifySubject', { name })`. A key another language lacks falls back to en-US.
 */
export function serverTranslator<M extends Record<string, string>>(folder: URL): ServerTranslate<keyof M & string> {
  const byLocale = new Map<Locale, I18n>();
  for (const locale of LOCALES) {
    const messages = JSON.parse(readFileSync(new URL(`${locale}.json`, folder), 'utf8')) as Record<string, string>;
    const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
    byLocale.set(locale, setupI18n({ locale, messages: { [locale]: compiled } }));
  }
  const english = byLocale.get('en-US')!;
  return (locale, key, values) => {
    const i18n = byLocale.get(locale)!;
    return (key in i18n.messages ? i18n : english)._(key, values);
  };
}
