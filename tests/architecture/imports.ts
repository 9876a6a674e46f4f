import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// How the architecture tests read the product's imports (type-only ones included): every relative
// `import … from`, `export … from` and bare `import '…'` of a .ts or .tsx source.

export const ROOT = path.resolve(import.meta.dirname, '../..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|(?:^|\n)\s*import\s+'(\.[^']+)'/g;

/** The sources under `dir` (absolute paths), declarations left out. */
export function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The absolute paths that the text of `file` imports. */
export function importsIn(file: string, text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => path.resolve(path.dirname(file), (m[1] ?? m[2])!));
}

/** The absolute paths that the text of `file` imports for their values: `import type` and `export type` left out (they leave no code in a bundle). */
export function valueImportsIn(file: string, text: string): string[] {
  return [...text.matchAll(IMPORT)].filter((m) => !/^\s*(?:import|export)\s+type\s/.test(m[0])).map((m) => path.resolve(path.dirname(file), (m[1] ?? m[2])!));
}

/** The absolute paths that `file` imports. */
export function importsOf(file: string): string[] {
  return importsIn(file, readFileSync(file, 'utf8'));
}
