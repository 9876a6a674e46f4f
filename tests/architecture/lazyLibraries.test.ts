import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sources } from './imports.ts';

// Libraries no page needs in its first download (docs/performance.md, "What loads later") live
// behind one module of ours each, and that module is only ever loaded by a dynamic import(): a
// static import of the library, or of its module, anywhere else would put it back in every page
// that reaches that file. Type-only imports are free (they leave no code), and so, here, is a
// library's stylesheet (the shell's CSS, counted by the CSS budget).

const LAZY = [
  { library: 'howler', module: 'scenes/kit/howlerModule.ts' },
  { library: 'pusher-js', module: 'src/realtime/pusherConnection.ts' },
  { library: 'react-toastify', module: 'src/components/Toasts.tsx' },
];

/** Every static value import or re-export in `text`: its specifier (type-only ones left out). */
function staticImports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(import|export)(\s+type)?\s[^;]*?from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'/g)) {
    if (m[4]) found.push(m[4]);
    else if (!m[2]) found.push(m[3]!);
  }
  return found;
}

/** `file -> specifier` for each static import that breaks a lazy library's rule. */
function eagerImports(files: readonly { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) => {
    const relative = path.relative(ROOT, file);
    return staticImports(text)
      .filter((specifier) => {
        if (specifier.endsWith('.css')) return false;
        const library = LAZY.find((l) => specifier === l.library || specifier.startsWith(`${l.library}/`));
        if (library) return relative !== library.module;
        if (!specifier.startsWith('.')) return false;
        const target = path.relative(ROOT, path.resolve(path.dirname(file), specifier));
        return LAZY.some((l) => target === l.module);
      })
      .map((specifier) => `${relative} -> ${specifier}`);
  });
}

const productFiles = () => ['src', 'scenes', 'core'].flatMap((dir) => sources(path.join(ROOT, dir))).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

describe('lazy libraries', () => {
  it('are imported by their own module only, and that module only by import()', () => {
    const files = productFiles();
    for (const { module } of LAZY) expect(files.some((f) => path.relative(ROOT, f.file) === module), module).toBe(true);
    expect(eagerImports(files)).toEqual([]);
  });

  it('finds a static import of a lazy library or of its module (the check can fail)', () => {
    const file = path.join(ROOT, 'scenes/kit/SceneSound.ts');
    const text = [
      "import type { Howl } from 'howler';",
      "import { Howler } from 'howler';",
      "import { Howl as H } from './howlerModule.ts';",
      "import { loadHowler } from './howlerLoader.ts';",
      "const later = () => import('./howlerModule.ts');",
    ].join('\n');
    expect(eagerImports([{ file, text }])).toEqual(['scenes/kit/SceneSound.ts -> howler', 'scenes/kit/SceneSound.ts -> ./howlerModule.ts']);
  });
});
