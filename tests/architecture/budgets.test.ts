import { describe, expect, it } from 'vitest';
import { pageFiles, type Manifest } from '../../scripts/budgets.ts';
import { countsBelowFirstDownload } from '../../scripts/firstSeconds.ts';

// What the budgets check (scripts/budgets.ts) counts as a page's download: the entry and the page
// with their static imports, a library's own start-up imports, never the page's lazy imports.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/pages/Home.tsx', 'src/pages/Game.tsx', 'src/Modal.tsx'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  'src/pages/Home.tsx': { file: 'assets/Home.js', imports: ['index.html', '_react.js'] },
  'src/pages/Game.tsx': { file: 'assets/Game.js', imports: ['index.html', '_pixi.js'], dynamicImports: ['src/Modal.tsx'], css: ['assets/game.css'] },
  '_pixi.js': {
    file: 'assets/pixi.js',
    dynamicImports: [
      'node_modules/pixi.js/lib/rendering/renderers/gl/WebGLRenderer.mjs',
      'node_modules/pixi.js/lib/environment-browser/browserAll.mjs',
      'node_modules/pixi.js/lib/environment-webworker/webworkerAll.mjs',
    ],
  },
  'node_modules/pixi.js/lib/rendering/renderers/gl/WebGLRenderer.mjs': { file: 'assets/WebGLRenderer.js' },
  'node_modules/pixi.js/lib/environment-browser/browserAll.mjs': { file: 'assets/browserAll.js' },
  'node_modules/pixi.js/lib/environment-webworker/webworkerAll.mjs': { file: 'assets/webworkerAll.js' },
  'src/Modal.tsx': { file: 'assets/Modal.js', imports: ['index.html'] },
};

describe('budgets: what a page downloads', () => {
  it('counts the entry and the page, not the other pages or lazy modals', () => {
    expect(pageFiles(manifest, 'src/pages/Home.tsx')).toEqual({ js: ['assets/index.js', 'assets/react.js', 'assets/Home.js'], css: ['assets/index.css'] });
  });

  it("counts a library's start-up imports but not the Pixi environments our scenes never load", () => {
    const files = pageFiles(manifest, 'src/pages/Game.tsx');
    expect(files.js.sort()).toEqual(['assets/Game.js', 'assets/WebGLRenderer.js', 'assets/index.js', 'assets/pixi.js', 'assets/react.js']);
    expect(files.css.sort()).toEqual(['assets/game.css', 'assets/index.css']);
  });
});

describe('budgets: the count of the first 10 s in the browser (scripts/firstSeconds.ts)', () => {
  const KIB = 1024;
  const manifestRow = (page: string, kib: number) => ({ page, js: kib * KIB, jsBudget: 1e9, css: 0, cssBudget: 1e9, ok: true });
  const counted = (page: string, kib: number) => ({ page, scripts: 1, total: kib * KIB, budget: 1e9, ok: true });

  it("fails a count below the page's first download (the counting saw less than the page must load), pairing the manifest's pages with the counted ones", () => {
    const manifestRows = [manifestRow('home', 100), manifestRow('/boxes/:slug', 200), manifestRow('/dice', 200), manifestRow('/battles/:id', 200)];
    const rows = [counted('/', 120), counted('/boxes/sneakerhead', 150), counted('/dice', 0), counted('/battles', 50)];
    expect(countsBelowFirstDownload(manifestRows, rows)).toEqual([
      "/boxes/sneakerhead: 150.0 KiB in the browser, below its first download's 200.0 KiB",
      "/dice: 0.0 KiB in the browser, below its first download's 200.0 KiB",
    ]);
    expect(countsBelowFirstDownload(manifestRows, [counted('/', 100), counted('/dice', 300)])).toEqual([]);
  });
});
