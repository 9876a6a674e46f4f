import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../core/text/locales.ts';
import { formatDecimalIn } from '../../core/text/numbers.ts';

// The API's messages in the player's language (docs/i18n.md, "Texts the server sends"). Routes and
// services keep writing the spec's English (en-US answers stay byte for byte the spec's); the answer
// is translated on its way out (server/plugins/answerLanguage.ts) from server/i18n/api/<locale>.json,
// keyed by the English template as scripts/serverMessages.ts finds it in the source: `{0}`, `{1}`…
// where the English has a value. A text no catalog knows is sent as it is.

type Template = { pattern: RegExp; literal: number; translation: string };
interface Catalog {
  exact: Map<string, string>;
  /** Templates with values, the most specific (longest fixed text) first. */
  templates: Template[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(messages: Record<string, string>): Catalog {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [english, translation] of Object.entries(messages)) {
    if (!/\{\d+\}/.test(english)) {
      exact.set(english, translation);
      continue;
    }
    const parts = english.split(/\{(\d+)\}/);
    let source = '^';
    const order: number[] = [];
    parts.forEach((part, i) => {
      if (i % 2 === 0) source += escape(part);
      else {
        source += '(.+?)';
        order.push(Number(part));
      }
    });
    // Each capture is named for its placeholder so the translation can put the values in any order.
    let n = 0;
    const named = `${source.replace(/\(\.\+\?\)/g, () => `(?<v${order[n++]}>.+?)`)}$`;
    templates.push({ pattern: new RegExp(named, 's'), literal: parts.filter((_, i) => i % 2 === 0).join('').length, translation });
  }
  templates.sort((a, b) => b.literal - a.literal);
  return { exact, templates };
}

function load(locale: Locale): Catalog {
  const file = new URL(`./api/${locale}.json`, import.meta.url);
  return compile(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
}

const catalogs = new Map<Locale, Catalog>(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => [locale, load(locale)]));

/** A value taken from an English message, for another language: its numbers written that language's way. */
function localValue(locale: Locale, value: string): string {
  // "1,234.50", "12.50", "0.1": an amount or a decimal; a bare integer (an id, a count) stays as it is.
  if (!/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+\.\d+$/.test(value)) return value;
  const decimals = value.split('.')[1]?.length ?? 0;
  return formatDecimalIn(locale, Number(value.replace(/,/g, '')), decimals);
}

/** One of the API's texts in `locale`; the text itself in en-US or when no catalog knows it. */
export function translateApiText(locale: Locale, text: string): string {
  const catalog = catalogs.get(locale);
  if (!catalog) return text;
  const exact = catalog.exact.get(text);
  if (exact !== undefined) return exact;
  for (const { pattern, translation } of catalog.templates) {
    const match = pattern.exec(text);
    if (match?.groups) return translation.replace(/\{(\d+)\}/g, (_, i: string) => localValue(locale, match.groups![`v${i}`] ?? ''));
  }
  return text;
}
