import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Locale } from '../../../core/text/locales.ts';
import { catalogDirs, readCatalog } from '../../../scripts/i18nCatalogs.ts';

// "No English left on the path" (docs/i18n.md): the texts a page shows — visible text and the
// labels a player hears (aria-label, title, placeholder, alt) — read against every en-US message
// whose translation in `locale` differs. A text that is exactly such an English message, or its
// shape with its placeholders filled ("Rolled {roll}"), is English left behind. Words that are the
// same in both languages (brand and game names kept as local sites keep them) are not English left.

const root = path.resolve(import.meta.dirname, '../../..');

interface EnglishMessage {
  key: string;
  english: string;
  match: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An en-US message as a pattern over a shown text: its placeholders filled by anything; null for
 * plural and select messages, and for a message with placeholders whose own words are fewer than two
 * ("{name} code" would find English in any text ending in "code").
 */
function patternOf(message: string): RegExp | null {
  if (/\{[^{}]*,/.test(message)) return null;
  const ownWords = message.replace(/\{[^{}]+\}/g, ' ').match(/\p{L}{2,}/gu) ?? [];
  if (message.includes('{') && ownWords.length < 2) return null;
  const parts = message.replace(/''/g, "'").split(/\{[^{}]+\}/);
  return new RegExp(`^${parts.map(escape).join('.+?')}$`, 'u');
}

const byLocale = new Map<Locale, EnglishMessage[]>();

/** The en-US messages a page in `locale` must not show, read from the catalogs once per language. */
export function englishMessages(locale: Locale): EnglishMessage[] {
  let found = byLocale.get(locale);
  if (!found) byLocale.set(locale, (found = readEnglishMessages(locale)));
  return found;
}

/** Every catalog as [its name, en-US, `locale`]: the client's areas, the server's own texts and the API's messages (keyed by their English). */
function catalogs(locale: Locale): [string, Record<string, string>, Record<string, string>][] {
  const areas = [...catalogDirs(root), ...catalogDirs(root, ['server'])].map((dir): [string, Record<string, string>, Record<string, string>] => [
    path.relative(root, path.dirname(dir)),
    readCatalog(path.join(dir, 'en-US.json')),
    readCatalog(path.join(dir, `${locale}.json`)),
  ]);
  const api = readCatalog(path.join(root, 'server/i18n/api', `${locale}.json`));
  return [...areas, ['server/i18n/api', Object.fromEntries(Object.keys(api).map((english) => [english, english.replace(/\{(\d+)\}/g, '{v$1}')])), api]];
}

function readEnglishMessages(locale: Locale): EnglishMessage[] {
  const found: EnglishMessage[] = [];
  const all = catalogs(locale);
  // A word one area keeps in this language ("Support") is no English left where another translates it.
  const said = new Set(all.flatMap(([, , translated]) => Object.values(translated)));
  for (const [area, english] of all) {
    for (const [key, message] of Object.entries(english)) {
      if (said.has(message) || !/\p{L}{2}/u.test(message.replace(/\{[^{}]*\}/g, ''))) continue;
      const match = patternOf(message);
      if (match) found.push({ key: `${area}:${key}`, english: message, match });
    }
  }
  return found;
}

/** Every text the page shows or speaks now: visible text nodes and the spoken attributes of visible elements. */
export async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const visible = (el: Element | null) => !!el && (el as HTMLElement).checkVisibility?.({ visibilityProperty: true, opacityProperty: false });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      if (visible(parent) || parent.closest('.visually-hidden')) texts.add(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (!visible(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  });
}

/** The English the page shows in `locale`: "<text>" (<catalog key>) for each. */
export async function englishLeft(page: Page, locale: Locale): Promise<string[]> {
  const english = englishMessages(locale);
  const texts = await shownTexts(page);
  return texts.flatMap((text) => english.filter((m) => m.match.test(text)).map((m) => `"${text}" (${m.key})`));
}
