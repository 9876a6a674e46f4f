// Lighthouse (mobile preset: Moto G Power viewport, simulated slow 4G and 4× CPU) against the product
// as `npm start` serves it (bench/product.ts): home, the box list, a seeded box page, every game
// page, /transparency and a bet's public page (the demo player's dice bet). Prints one table (performance, accessibility, best practices, FCP, LCP, TBT, CLS) and, per
// page that misses a goal, the failing audits and the top opportunities, so a miss comes with its
// cause. Goals: performance 95 on home, /boxes, /transparency and a bet page, 85 on the game pages; accessibility and best
// practices 100; /plinko at least the peer's performance (PEER_PLINKO_DIR) and /crash within 5 points
// of /plinko, both read from the same run.
// Run from the project root: npm run bench:lighthouse
//   LH_PORT (3215), LH_CLIENT_DIR (/tmp/bench-lh-client), LH_DATA_DIR (/tmp/bench-lh-data),
//   LH_SKIP_BUILD=1 reuses a build, LH_PAGES=/,/dice measures only those (<box>: the box page, <bet>: the bet page), LH_RUNS (1) runs each page
//   that many times and reports the median run by performance score, LH_JSON=dir writes each report,
//   LH_CPU_SLOWDOWN replaces the preset's 4× CPU slowdown (Lighthouse's advice for a machine whose
//   benchmark index, printed per run, is far from a reference desktop's).
//   PEER_PLINKO_DIR: the built open-source plinko game AnsonH/plinko-game (bench/peer.ts; how to build
//   it: bench/README.md, "The peer"), served on LH_PEER_PORT (3216) and run right after /plinko with
//   the same settings; the bench prints /plinko against it and /crash against /plinko.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
import { PEER_NAME, peerNotMeasured, startPeer } from '../peer.ts';
import { chromiumPath, envNumber, machineLoad, startProduct } from '../product.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed.ts';
import { GAME_LINKS } from '../../src/app/layout/navigation.ts';

const MOBILE_THROTTLING = throttling.mobileSlow4G;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

// The game pages as the navigation lists them (src/app/layout/navigation.ts), so a new game is measured with them.
const GAME_PATHS = GAME_LINKS.map((link) => link.to);
const GAME_PAGES = new Set(GAME_PATHS);
/** The public id of a dice bet of the seeded demo player (docs/transparency.md), placed through the API when there is none yet. */
async function demoBetPublicId(origin: string): Promise<string> {
  const config = (await (await fetch(`${origin}/api/config`)).json()) as { oauth: { client_id: string; client_secret: string } };
  const token = (await (
    await fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: config.oauth.client_id, client_secret: config.oauth.client_secret, username: DEMO_EMAIL, password: DEMO_PASSWORD, scope: '*' }),
    })
  ).json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
  const bets = async () => ((await (await fetch(`${origin}/api/profile/bets`, { headers })).json()) as { data: { public_id: string }[] }).data;
  if ((await bets()).length === 0) await fetch(`${origin}/api/dice/bet`, { method: 'POST', headers, body: JSON.stringify({ amount: 1, target: 50, direction: 'under' }) });
  const [bet] = await bets();
  if (!bet) throw new Error('the demo player has no bet to show');
  return bet.public_id;
}

const performanceGoal = (page: string) => (GAME_PAGES.has(page) || page.startsWith('/boxes/') ? 85 : 95);

const product = await startProduct({
  port: envNumber('LH_PORT', 3215),
  clientDir: process.env.LH_CLIENT_DIR ?? '/tmp/bench-lh-client',
  dataDir: process.env.LH_DATA_DIR ?? '/tmp/bench-lh-data',
  skipBuild: process.env.LH_SKIP_BUILD === '1',
});
// The peer (bench/peer.ts) is measured beside /plinko when PEER_PLINKO_DIR names its build.
const peer = await startPeer(envNumber('LH_PEER_PORT', 3216));
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const boxes = (await (await fetch(`${product.origin}/api/boxes?per_page=1`)).json()) as { data: { slug: string }[] };
  const boxSlug = boxes.data[0]?.slug;
  if (!boxSlug) throw new Error('the seeded catalog has no box');
  // A bet's public page: the demo player's first dice bet (placed here when it has none).
  const betPage = async () => `/bets/${await demoBetPublicId(product.origin)}`;
  const allPages = ['/', '/boxes', `/boxes/${boxSlug}`, ...GAME_PATHS, '/transparency', '<bet>'];
  const chosen = process.env.LH_PAGES ? process.env.LH_PAGES.split(',') : allPages;
  const pages = await Promise.all(chosen.map(async (p) => (p === '<bet>' ? betPage() : p.replace('<box>', `/boxes/${boxSlug}`))));
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
  // The peer's server compresses each file at its first request: that too happens before measuring.
  if (peer) {
    const html = await (await fetch(peer.url)).text();
    for (const [, asset] of html.matchAll(/(?:src|href)="(\.?\/[^"]+)"/g)) await fetch(new URL(asset!, peer.url)).then((r) => r.arrayBuffer());
  }

  const startLoad = machineLoad();
  console.log(`machine: ${startLoad}`);
  // Each target is a page of ours by path, or the peer by its URL; its label is what the table prints.
  const targets: { label: string; url: string; goal: number | null }[] = pages.map((page) => ({ label: page, url: `${product.origin}${page}`, goal: performanceGoal(page) }));
  if (peer && pages.includes('/plinko')) targets.splice(pages.indexOf('/plinko') + 1, 0, { label: `${PEER_NAME} (peer)`, url: peer.url, goal: null });
  const results = new Map<string, Result[]>(targets.map((t) => [t.label, []]));
  // Runs go round the pages (every page's first run, then every page's second…), so the runs of
  // pages compared with each other (/plinko, the peer, /crash) share the same minutes of the machine.
  for (let i = 0; i < runs; i++) {
    for (const target of targets) {
      // NO_NAVSTART is Lighthouse failing to record its own trace (seen on a page's repeated runs in
      // one Chromium), not the page failing: such a run is tried again, at most twice.
      for (let attempt = 0; ; attempt++) {
        const answer = await lighthouse(target.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          ...(cpuSlowdown === undefined ? {} : { throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: cpuSlowdown } }),
        });
        if (!answer) throw new Error(`no Lighthouse result for ${target.label}`);
        if (answer.lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < 2) {
          console.log(`  ${target.label} run ${i + 1}: Lighthouse recorded no trace (NO_NAVSTART); run again`);
          continue;
        }
        if (answer.lhr.runtimeError) throw new Error(`${target.label}: ${answer.lhr.runtimeError.code} ${answer.lhr.runtimeError.message}`);
        results.get(target.label)!.push(answer.lhr);
        console.log(`  ${target.label} run ${i + 1}: performance ${score(answer.lhr, 'performance')}, TBT ${audit(answer.lhr, 'total-blocking-time')}, benchmark index ${answer.lhr.environment.benchmarkIndex}`);
        break;
      }
    }
  }
  const rows = targets.map(({ label, goal }) => {
    const sorted = [...results.get(label)!].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = sorted[Math.floor((sorted.length - 1) / 2)]!;
    if (jsonDir) writeFileSync(path.join(jsonDir, `${label === '/' ? 'home' : label.replace(/^\//, '').replace(/\W+/g, '_')}.json`), JSON.stringify(lhr));
    return { page: label, lhr, goal };
  });

  console.log(`\nLighthouse ${rows[0]?.lhr.lighthouseVersion}, mobile preset${cpuSlowdownNote()}, ${chromiumVersion(rows[0]?.lhr)}, benchmark index ${rows.map((r) => r.lhr.environment.benchmarkIndex).join('/')}; start ${startLoad}; end ${machineLoad()}\n`);
  console.log('| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { page, lhr, goal } of rows) {
    const perf = score(lhr, 'performance');
    // The peer has no goals of ours: its row is a reference.
    const mark = (value: number, goalOf: number) => `${value}${goal !== null && value < goalOf ? ' ✗' : ''}`;
    console.log(
      `| ${page} | ${mark(perf, goal ?? 0)} | ${mark(score(lhr, 'accessibility'), 100)} | ${mark(score(lhr, 'best-practices'), 100)} | ${audit(lhr, 'first-contentful-paint')} | ${audit(lhr, 'largest-contentful-paint')} | ${audit(lhr, 'total-blocking-time')} | ${audit(lhr, 'cumulative-layout-shift')} |`,
    );
  }
  console.log(`\ngoals: performance ${95} on /, /boxes, /transparency and a bet page, 85 on a box page and the game pages; accessibility 100; best practices 100 (✗ = missed)`);
  console.log(comparisons(rows));

  for (const { page, lhr, goal } of rows) {
    if (goal === null) continue;
    const missed = score(lhr, 'performance') < goal || score(lhr, 'accessibility') < 100 || score(lhr, 'best-practices') < 100;
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
  await peer?.stop();
}

/**
 * The comparisons of phone-first play, read from the same run's medians: /plinko at least the peer's
 * performance score, /crash within 5 points of /plinko; each with the blocking time behind it.
 */
function comparisons(rows: { page: string; lhr: Result }[]): string {
  const find = (page: string) => rows.find((r) => r.page === page)?.lhr;
  const plinko = find('/plinko');
  const crash = find('/crash');
  const theirs = rows.find((r) => r.page.endsWith('(peer)'))?.lhr;
  const line = (what: string, a: Result, b: Result, met: boolean) =>
    `- ${what}: ${score(a, 'performance')} vs ${score(b, 'performance')} (TBT ${audit(a, 'total-blocking-time')} vs ${audit(b, 'total-blocking-time')}): ${met ? '**met**' : '**missed**'}`;
  const lines = ['\nthe comparisons (medians of this run):'];
  if (!plinko) lines.push('- /plinko was not measured (LH_PAGES)');
  else if (!peer) lines.push(`- ${peerNotMeasured()}`);
  else if (theirs) lines.push(line(`/plinko against ${PEER_NAME}, goal: at least its score`, plinko, theirs, score(plinko, 'performance') >= score(theirs, 'performance')));
  if (plinko && crash) lines.push(line('/crash against /plinko, goal: within 5 points', crash, plinko, score(crash, 'performance') >= score(plinko, 'performance') - 5));
  return lines.join('\n');
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
