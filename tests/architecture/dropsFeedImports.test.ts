import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, valueImportsIn } from './imports.ts';

// The live drops feed is on every page (the side panel, the phones' row): what it imports loads on
// every page. It links a drop's tile by the catalog's light part (core/games/gameBasics.ts); the whole
// catalog (core/games/catalog.ts) imports every game's rules, about 7 KiB a page (docs/performance.md,
// "Budgets"). A type from the catalog is free.

const FEED = ['src/features/drops/LiveDrops.tsx', 'src/features/drops/DropsTicker.tsx'];
const CATALOG = 'core/games/catalog.ts';

/** Every source the files reach through value imports, relative to the root; `read` gives a file's text. */
function reached(files: string[], read: (file: string) => string): Set<string> {
  const seen = new Set<string>();
  const visit = (relative: string) => {
    if (seen.has(relative)) return;
    seen.add(relative);
    const file = path.join(ROOT, relative);
    for (const next of valueImportsIn(file, read(file))) if (/\.tsx?$/.test(next)) visit(path.relative(ROOT, next));
  };
  files.forEach(visit);
  return seen;
}

const readSource = (file: string) => readFileSync(file, 'utf8');

describe('the live drops feed', () => {
  it('does not load the game catalog', () => {
    expect([...reached(FEED, readSource)].filter((f) => f === CATALOG)).toEqual([]);
  });

  it('finds the catalog behind a value import, not behind a type-only one (the check can fail)', () => {
    const tile = path.join(ROOT, 'src/features/drops/DropTile.tsx');
    const withText = (text: string) => (file: string) => (file === tile ? text : readSource(file));
    expect(reached(['src/features/drops/DropTile.tsx'], withText("import type { DropGame } from '../../../core/games/catalog.ts';")).has(CATALOG)).toBe(false);
    expect(reached(['src/features/drops/DropTile.tsx'], withText("import { GAMES } from '../../../core/games/catalog.ts';")).has(CATALOG)).toBe(true);
  });
});
