import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compileMessage } from '@lingui/message-utils/compileMessage';

// The interface's message catalogs (docs/i18n.md): each area keeps its texts in `<area>/i18n/<locale>.json`,
// ICU MessageFormat, keyed by a name the area chooses. They are compiled here, at build time, into
// Lingui's token form, so the page ships Lingui's 2 KiB runtime and no message parser.
// - An area imports its own `./i18n/en-US.json`: that import becomes the compiled en-US messages,
//   tagged with the area's namespace (its folder), and travels in the area's chunk as its text did.
// - `virtual:i18n-catalog/<locale>` is every area's messages in one other language, keyed
//   "<namespace>:<key>": one chunk per language, loaded when a player uses it.

const ROOTS = ['src', 'scenes'];
const LOCALE_FILE = /\.json$/;
const EN_ID = '\0i18n-en:';
const LOCALE_ID = '\0i18n-locale:';
const VIRTUAL = 'virtual:i18n-catalog/';
const COMPILED = '.compiled.js';

/** An area's namespace: its folder under the repository, e.g. "src/features/auth". */
export function namespaceOf(root: string, catalogFile: string): string {
  return path.relative(root, path.dirname(path.dirname(catalogFile))).split(path.sep).join('/');
}

/** Every catalog folder (`…/i18n/`) under src/ and scenes/ (or the given top folders: the server's are checked alike). */
export function catalogDirs(root: string, tops: readonly string[] = ROOTS): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const full = path.join(dir, entry.name);
      if (entry.name === 'i18n' && readdirSync(full).some((name) => LOCALE_FILE.test(name))) found.push(full);
      else walk(full);
    }
  };
  for (const top of tops) walk(path.join(root, top));
  return found.sort();
}

export function readCatalog(file: string): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

// Lingui's compiled form, a text with no argument too (a one-token list): a plain string is what Lingui
// takes for an uncompiled message, and it warns on the console at every use.
function compiled(messages: Record<string, string>, prefix = ''): string {
  const entries = Object.entries(messages).map(([key, message]) => `${JSON.stringify(prefix + key)}:${JSON.stringify(compileMessage(message))}`);
  return `{${entries.join(',')}}`;
}

export function i18nCatalogs(): Plugin {
  let root = process.cwd();
  return {
    name: 'shop:i18n-catalogs',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source, importer) {
      if (source.startsWith(VIRTUAL)) return LOCALE_ID + source.slice(VIRTUAL.length);
      // Any relative import of an area's en-US catalog ('./i18n/en-US.json', or './en-US.json' from a
      // module inside i18n/). The id may not end in .json, or Vite's JSON plugin would parse the
      // compiled module again.
      if (!importer || !source.startsWith('.') || !source.endsWith('en-US.json')) return null;
      const file = path.resolve(path.dirname(importer.split('?')[0]!), source);
      if (file.split(path.sep).slice(-2).join('/') === 'i18n/en-US.json') return `${EN_ID}${file}${COMPILED}`;
      return null;
    },
    load(id) {
      if (id.startsWith(EN_ID)) {
        const file = id.slice(EN_ID.length, -COMPILED.length);
        this.addWatchFile(file);
        const catalogModule = JSON.stringify(path.join(root, 'src/i18n/catalog.ts'));
        return `import { catalog } from ${catalogModule};\nexport default catalog(${JSON.stringify(namespaceOf(root, file))}, ${compiled(readCatalog(file))});\n`;
      }
      if (id.startsWith(LOCALE_ID)) {
        const locale = id.slice(LOCALE_ID.length);
        const parts = catalogDirs(root).map((dir) => {
          const file = path.join(dir, `${locale}.json`);
          this.addWatchFile(file);
          return compiled(readCatalog(file), `${namespaceOf(root, file)}:`).slice(1, -1);
        });
        return `export default {${parts.filter(Boolean).join(',')}};\n`;
      }
      return null;
    },
  };
}
