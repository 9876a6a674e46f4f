// Lighthouse (mobile preset: Moto G Power viewport, simulated slow 4G and 4× CPU) against the product
// as `npm start` serves it (bench/product.ts): home, the box list, a seeded box page and every game
// page. Prints one table (performance, accessibility, best practices, FCP, LCP, TBT, CLS) and, per
// page that misses a goal, the failing audits and the top opportunities, so a miss comes with its
// cause. Goals: performance 95 on home and /boxes, 85 on the game pages; accessibility and best
// practices 100.
// Run from the project root: npm run bench:lighthouse
//   LH_PORT (3215), LH_CLIENT_DIR (/tmp/bench-lh-client), LH_DATA_DIR (/tmp/bench-lh-data),
//   LH_SKIP_BUILD=1 reuses a build, LH_PAGES=/,/dice measures only those, LH_RUNS (1) runs each page
//   that many times and reports the median run by performance score, LH_JSON=dir writes each report,
//   LH_CPU_SLOWDOWN replaces the preset's 4× CPU slowdown (Lighthouse's advice for a machine whose
//   benchmark index, printed per run, is far from a reference desktop's).
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
import { chromiumPath, envNumber, machineLoad, startProduct } from '../product.ts';

const MOBILE_THROTTLING = throttling.mobileSlow4G;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const GAME_PAGES = new Set(['/dice', '/plinko', '/upgrade', '/crash', '/wheel', '/battles']);
const performanceGoal = (page: string) => (GAME_PAGES.has(page) || page.startsWith('/boxes/') ? 85 : 95);

const product = await startProduct({
  port: envNumber('LH_PORT', 3215),
  clientDir: process.env.LH_CLIENT_DIR ?? '/tmp/bench-lh-client',
  dataDir: process.env.LH_DATA_DIR ?? '/tmp/bench-lh-data',
  skipBuild: process.env.LH_SKIP_BUILD === '1',
});
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const boxes = (await (await fetch(`${product.origin}/api/boxes?per_page=1`)).json()) as { data: { slug: string }[] };
  const boxSlug = boxes.data[0]?.slug;
  if (!boxSlug) throw new Error('the seeded catalog has no box');
  const allPages = ['/', '/boxes', `/boxes/${boxSlug}`, '/dice', '/plinko', '/upgrade', '/crash', '/wheel', '/battles'];
  const pages = process.env.LH_PAGES ? process.env.LH_PAGES.split(',').map((p) => p.replace('<box>', `/boxes/${boxSlug}`)) : allPages;
  const runs = envNumber('LH_RUNS', 1);
  const cpuSlowdown = process.env.LH_CPU_SLOWDOWN ? envNumber('LH_CPU_SLOWDOWN', 4) : undefined;
  const jsonDir = process.env.LH_JSON;
  if (jsonDir) mkdirSync(jsonDir, { recursive: true });

  // A served product is warm: one request of every page and of its assets before the first measurement,
  // so the first page does not pay the server's cold start (module compilation, first database reads).
  for (const page of pages) {
    const html = await (await fetch(`${product.origin}${page}`)).text();
    for (const [, asset] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) await fetch(`${product.origin}${asset}`).then((r) => r.arrayBuffer());
  }

  const startLoad = machineLoad();
  console.log(`machine: ${startLoad}`);
  const rows: { page: string; lhr: Result }[] = [];
  for (const page of pages) {
    const results: Result[] = [];
    // NO_NAVSTART is Lighthouse failing to record its own trace (seen on a page's repeated runs in
    // one Chromium), not the page failing: such a run is retried, at most twice per page.
    let retries = 2;
    for (let i = 0; i < runs; i++) {
      const answer = await lighthouse(`${product.origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...(cpuSlowdown === undefined ? {} : { throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: cpuSlowdown } }),
      });
      if (!answer) throw new Error(`no Lighthouse result for ${page}`);
      if (answer.lhr.runtimeError?.code === 'NO_NAVSTART' && retries-- > 0) {
        console.log(`  ${page} run ${i + 1}: Lighthouse recorded no trace (NO_NAVSTART); run again`);
        i--;
        continue;
      }
      if (answer.lhr.runtimeError) throw new Error(`${page}: ${answer.lhr.runtimeError.code} ${answer.lhr.runtimeError.message}`);
      results.push(answer.lhr);
      console.log(`  ${page} run ${i + 1}: performance ${score(answer.lhr, 'performance')}, benchmark index ${answer.lhr.environment.benchmarkIndex}`);
    }
    results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = results[Math.floor((results.length - 1) / 2)]!;
    rows.push({ page, lhr });
    if (jsonDir) writeFileSync(path.join(jsonDir, `${page === '/' ? 'home' : page.slice(1).replace(/\W+/g, '_')}.json`), JSON.stringify(lhr));
  }

  console.log(`\nLighthouse ${rows[0]?.lhr.lighthouseVersion}, mobile preset${cpuSlowdownNote()}, ${chromiumVersion(rows[0]?.lhr)}, benchmark index ${rows.map((r) => r.lhr.environment.benchmarkIndex).join('/')}; start ${startLoad}; end ${machineLoad()}\n`);
  console.log('| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { page, lhr } of rows) {
    const perf = score(lhr, 'performance');
    const mark = (value: number, goal: number) => `${value}${value < goal ? ' ✗' : ''}`;
    console.log(
      `| ${page} | ${mark(perf, performanceGoal(page))} | ${mark(score(lhr, 'accessibility'), 100)} | ${mark(score(lhr, 'best-practices'), 100)} | ${audit(lhr, 'first-contentful-paint')} | ${audit(lhr, 'largest-contentful-paint')} | ${audit(lhr, 'total-blocking-time')} | ${audit(lhr, 'cumulative-layout-shift')} |`,
    );
  }
  console.log(`\ngoals: performance ${95} on / and /boxes, 85 on a box page and the game pages; accessibility 100; best practices 100 (✗ = missed)`);

  for (const { page, lhr } of rows) {
    const missed = score(lhr, 'performance') < performanceGoal(page) || score(lhr, 'accessibility') < 100 || score(lhr, 'best-practices') < 100;
    if (!missed) continue;
    console.log(`\n${page}:`);
    for (const category of ['performance', 'accessibility', 'best-practices'] as const) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (!a) continue;
        if (a.score === null || a.score >= 0.9 || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'notApplicable') continue;
        const savings = a.details && 'overallSavingsMs' in a.details && a.details.overallSavingsMs ? ` (saves ~${Math.round(a.details.overallSavingsMs)} ms)` : '';
        console.log(`  ${category}: ${a.id}: ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}${savings}`);
      }
    }
  }
} finally {
  chrome.kill();
  await product.stop();
}

function score(lhr: Result, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function audit(lhr: Result, id: string): string {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) return '–';
  if (id === 'cumulative-layout-shift') return value.toFixed(3);
  if (id === 'total-blocking-time') return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(1)} s`;
}

function chromiumVersion(lhr: Result | undefined): string {
  return lhr?.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium';
}

function cpuSlowdownNote(): string {
  return process.env.LH_CPU_SLOWDOWN ? ` with CPU slowdown ${process.env.LH_CPU_SLOWDOWN}×` : '';
}
