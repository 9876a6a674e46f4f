import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliSize } from './brotliSize.ts';

// Bytes each page makes the browser download, from the build's manifest (deterministic: no browser,
// no timing): the first download, what the entry and the page import. `npm run budgets` (a stage of
// `npm test`, after the build) checks these, then what a phone loads in a page's first 10 s, counted
// in Chromium (scripts/firstSeconds.ts). The rules of what a page loads are in docs/performance.md
// ("Budgets").

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

const KIB = 1024;
// Home's 150 KiB became 151 when the promotional modals learned to wait (src/app/promoModalGate.ts and
// its shell wiring, 0.5 KiB), then 152 with the two new games' links in the navigation; a scene page's
// 330 KiB became 335 when /crash began to load the game catalog (core/games/catalog.ts with every
// game's rules, 3 KiB) through the round games' list: docs/performance.md, "Budgets", says what is owed.
// Then both came down by 12 and 10 KiB when pusher-js left every page's first download (16 KiB).
// A scene page's 325 KiB became 330 with the six languages (docs/i18n.md): Lingui's runtime, the
// shell's catalogs and the bet forms' messages, 9 KiB on /crash. Then 322 when howler left the scene
// pages' first download (scenes/kit/howlerLoader.ts: fetched at the viewer's first act, 7.7 KiB).
export const BUDGETS = { home: 150 * KIB, game: 322 * KIB, css: 30 * KIB };

/** Pages checked: the home page and every page that draws a scene. A page not built yet is skipped. */
export const PAGES: { name: string; src: string; budget: 'home' | 'game' }[] = [
  { name: 'home', src: 'src/pages/home/HomePage.tsx', budget: 'home' },
  { name: '/boxes/:slug', src: 'src/pages/boxes/BoxPage.tsx', budget: 'game' },
  { name: '/dice', src: 'src/pages/dice/DicePage.tsx', budget: 'game' },
  { name: '/plinko', src: 'src/pages/plinko/PlinkoPage.tsx', budget: 'game' },
  { name: '/upgrade', src: 'src/pages/upgrade/UpgradePage.tsx', budget: 'game' },
  { name: '/crash', src: 'src/pages/crash/CrashPage.tsx', budget: 'game' },
  { name: '/wheel', src: 'src/pages/wheel/WheelPage.tsx', budget: 'game' },
  { name: '/battles/:id', src: 'src/pages/battles/BattlePage.tsx', budget: 'game' },
];

/**
 * A library's own dynamic import runs when the library starts, so it counts; the page's own lazy
 * imports (modals, other pages) do not. Two of Pixi's never run: the web-worker environment, and the
 * browser environment, because scenes/kit/sceneApp.ts inits Pixi with `skipExtensionImports: true`.
 */
const NEVER_LOADED = [/environment-webworker\//, /environment-browser\/browserAll/];
function followsDynamic(key: string): boolean {
  return key.includes('node_modules/') && !NEVER_LOADED.some((re) => re.test(key));
}

/** The files (JS and CSS) a page downloads: the entry, the page and what they import. */
export function pageFiles(manifest: Manifest, pageSrc: string): { js: string[]; css: string[] } {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
    for (const next of chunk.dynamicImports ?? []) if (followsDynamic(next)) visit(next);
  };
  if (entry) visit(entry);
  visit(pageSrc);
  const js = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const css = [...new Set([...seen].flatMap((k) => manifest[k]!.css ?? []))];
  return { js, css };
}

export interface BudgetRow { page: string; js: number; jsBudget: number; css: number; cssBudget: number; ok: boolean }

export function checkBudgets(clientDir: string): BudgetRow[] {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const size = (files: string[]) => files.reduce((sum, f) => sum + brotliSize(path.join(clientDir, f)), 0);
  return PAGES.filter((p) => manifest[p.src]).map((p) => {
    const files = pageFiles(manifest, p.src);
    const js = size(files.js);
    const css = size(files.css);
    const jsBudget = BUDGETS[p.budget];
    return { page: p.name, js, jsBudget, css, cssBudget: BUDGETS.css, ok: js <= jsBudget && css <= BUDGETS.css };
  });
}

export function formatTable(rows: BudgetRow[]): string {
  const kib = (n: number) => `${(n / KIB).toFixed(1)} KiB`;
  const lines = ['| page | JS (brotli) | budget | CSS (brotli) | budget | |', '|---|---:|---:|---:|---:|---|'];
  for (const r of rows) {
    lines.push(`| ${r.page} | ${kib(r.js)} | ${kib(r.jsBudget)} | ${kib(r.css)} | ${kib(r.cssBudget)} | ${r.ok ? 'ok' : 'OVER'} |`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = path.resolve(process.argv[2] ?? 'dist/client');
  const rows = checkBudgets(clientDir);
  console.log(formatTable(rows));
  // Then what a phone loads in the first 10 s, in Chromium (scripts/firstSeconds.ts; loaded here
  // only, so that the modules reading pageFiles, the build's installable app among them, do not load
  // Playwright and the server).
  const { checkFirstSeconds, countsBelowFirstDownload, formatFirstSeconds } = await import('./firstSeconds.ts');
  const counted = await checkFirstSeconds(clientDir);
  console.log(`\n${formatFirstSeconds(counted)}`);
  const miscounted = countsBelowFirstDownload(rows, counted);
  if (miscounted.length) {
    console.error(`The count in the browser failed:\n${miscounted.join('\n')}`);
    process.exit(1);
  }
  if (rows.some((r) => !r.ok) || counted.some((r) => !r.ok)) {
    console.error('Over budget: see docs/performance.md ("Budgets").');
    process.exit(1);
  }
}
