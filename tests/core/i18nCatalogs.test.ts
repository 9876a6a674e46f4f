import path from 'node:path';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, type Token } from '@messageformat/parser';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES } from '../../core/text/locales.ts';
import { catalogDirs, i18nCatalogs, readCatalog } from '../../scripts/i18nCatalogs.ts';
import { extractServerMessages } from '../../scripts/serverMessages.ts';

// Every area's catalogs (docs/i18n.md), the client's and the server's (mails, chat system messages):
// all six languages, the same keys as en-US, the same placeholders and plural/select arguments (a
// translation that renames {amount} shows nothing where the amount belongs), each message valid ICU
// that Lingui compiles. And the API's messages (server/i18n/api): every message the server's source
// can answer with, translated into each language, with its values.

const root = path.resolve(import.meta.dirname, '../..');
const dirs = [...catalogDirs(root), ...catalogDirs(root, ['server'])];

/** A message's arguments: "amount", "count:plural", "kind:select" (with its case keys for selects). */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(token.arg);
      else if (token.type === 'function') found.add(`${token.arg}:${token.key}`);
      else if (token.type === 'select') {
        found.add(`${token.arg}:select(${token.cases.map((c) => c.key).sort().join(',')})`);
        for (const c of token.cases) walk(c.tokens);
      } else if (token.type === 'plural' || token.type === 'selectordinal') {
        found.add(`${token.arg}:${token.type}`);
        for (const c of token.cases) {
          if (c.key.startsWith('=')) found.add(`${token.arg}:${c.key}`);
          walk(c.tokens);
        }
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** Every source file of the client and the scenes. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

describe('message catalogs', () => {
  it('are found', () => {
    expect(dirs.length).toBeGreaterThan(0);
  });

  it('every import of an en-US catalog is compiled (a plain JSON import has no namespace: its page throws)', () => {
    const plugin = i18nCatalogs();
    const resolve = plugin.resolveId as unknown as (source: string, importer: string) => string | null;
    const uncompiled: string[] = [];
    for (const file of [...sources(path.join(root, 'src')), ...sources(path.join(root, 'scenes'))]) {
      for (const [, source] of readFileSync(file, 'utf8').matchAll(/from '([^']*en-US\.json)'/g)) {
        if (!resolve.call({}, source!, file)?.startsWith('\0i18n-en:')) uncompiled.push(`${path.relative(root, file)}: ${source}`);
      }
    }
    expect(uncompiled).toEqual([]);
  });

  for (const dir of dirs) {
    const area = path.relative(root, path.dirname(dir));
    describe(area, () => {
      const english = readCatalog(path.join(dir, 'en-US.json'));

      it('has a file for each language and no other', () => {
        const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
        expect(files).toEqual(LOCALES.map((l) => `${l}.json`).sort());
      });

      for (const locale of LOCALES) {
        it(`${locale}: every key, the same arguments, valid ICU`, () => {
          const file = path.join(dir, `${locale}.json`);
          expect(existsSync(file)).toBe(true);
          const messages = readCatalog(file);
          expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
          for (const [key, message] of Object.entries(messages)) {
            expect(typeof message, key).toBe('string');
            expect(message.trim(), key).not.toBe('');
            expect(argumentsOf(message), `${locale} ${key}`).toEqual(argumentsOf(english[key]!));
            expect(() => compileMessage(message), key).not.toThrow();
          }
        });
      }
    });
  }

  describe('the API\'s messages (server/i18n/api)', () => {
    const messages = extractServerMessages(root);
    const values = (text: string) => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort();

    it('are found in the source', () => {
      expect(messages.length).toBeGreaterThan(300);
      expect(messages).toContain('Insufficient balance');
      expect(messages).toContain('You can write in chat from level {0}.');
    });

    for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
      it(`${locale}: every message the server sends and no other, with its values`, () => {
        const catalog = readCatalog(path.join(root, 'server/i18n/api', `${locale}.json`));
        expect(Object.keys(catalog).sort()).toEqual([...messages].sort());
        for (const [english, translated] of Object.entries(catalog)) {
          expect(translated.trim(), english).not.toBe('');
          expect(values(translated), `${locale}: ${english}`).toEqual(values(english));
        }
      });
    }
  });
});
