// `npm test`: every stage in turn, stopping at the first that fails, and at the end (passed or not)
// a table of the minutes each stage took, each Playwright project apart, the ten slowest test files
// (Vitest's JSON report and the Playwright timing reporter), plus the tests that passed only on a retry. CI's limit is 90 minutes on two cores; the table shows what each change costs
// (tests/README.md keeps the current figures). `.ci/run` passes the install's seconds in
// CI_INSTALL_SECONDS so that they show in the same table.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { TIMING_FILE, type PlaywrightTiming } from '../tests/e2e/helpers/timingReporter.ts';

const VITEST_REPORT = path.resolve('test-results', 'vitest.json');
const bin = (name: string) => path.resolve('node_modules/.bin', name);
const node = process.execPath;

const STAGES: { name: string; command: string; args: string[] }[] = [
  { name: 'chromium', command: node, args: ['scripts/browser.ts'] },
  { name: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  { name: 'vitest', command: bin('vitest'), args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`] },
  { name: 'build', command: bin('vite'), args: ['build'] },
  { name: 'prerender', command: node, args: ['scripts/prerender.ts'] },
  { name: 'budgets', command: node, args: ['scripts/budgets.ts'] },
  { name: 'playwright', command: bin('playwright'), args: ['test'] },
];

const rows: [string, number][] = [];
if (process.env.CI_INSTALL_SECONDS) rows.push(['install (npm ci)', Number(process.env.CI_INSTALL_SECONDS)]);

// Read as soon as Vitest ends: Playwright empties test-results/ when it starts.
const vitestFiles: [string, number][] = [];
function readVitestReport(): void {
  if (!existsSync(VITEST_REPORT)) return;
  const report = JSON.parse(readFileSync(VITEST_REPORT, 'utf8')) as { testResults: { name: string; startTime: number; endTime: number }[] };
  for (const f of report.testResults) vitestFiles.push([`vitest ${path.relative(process.cwd(), f.name)}`, (f.endTime - f.startTime) / 1000]);
}

/** Seconds per test file of this run: Vitest's files (from their start to their end; two run at once) and Playwright's (the sum of their tests' tries). */
function fileSeconds(timing: PlaywrightTiming | null): [string, number][] {
  const files = [...vitestFiles];
  if (timing) for (const [file, seconds] of Object.entries(timing.files)) files.push([`playwright ${file}`, seconds]);
  return files.sort((a, b) => b[1] - a[1]).slice(0, 10);
}

function printTable(failed: string | null): void {
  const lines = rows.map(([name, seconds]) => `  ${name.padEnd(28)} ${(seconds / 60).toFixed(1).padStart(6)} min`);
  const timing = existsSync(TIMING_FILE) ? (JSON.parse(readFileSync(TIMING_FILE, 'utf8')) as PlaywrightTiming) : null;
  if (timing) {
    for (const [project, p] of Object.entries(timing.projects)) lines.push(`    playwright ${project.padEnd(17)} ${(p.seconds / 60).toFixed(1).padStart(6)} min  (${p.tests} tests, ${(p.testSeconds / 60).toFixed(1)} min of tests on two workers)`);
    if (timing.passedOnRetry.length) lines.push(`  passed only on retry (flaky, to fix): ${timing.passedOnRetry.join('; ')}`);
  }
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
  const slowest = fileSeconds(timing).map(([file, seconds]) => `  ${seconds.toFixed(0).padStart(5)} s  ${file}`);
  console.log(`\nStages${failed ? ` (stopped: ${failed} failed)` : ''}:\n${lines.join('\n')}\n  ${'total'.padEnd(28)} ${(total / 60).toFixed(1).padStart(6)} min`);
  if (slowest.length) console.log(`\nThe ten slowest test files:\n${slowest.join('\n')}`);
}

for (const report of [TIMING_FILE, VITEST_REPORT]) rmSync(report, { force: true });
for (const stage of STAGES) {
  const started = performance.now();
  const result = spawnSync(stage.command, stage.args, { stdio: 'inherit' });
  rows.push([stage.name, (performance.now() - started) / 1000]);
  if (stage.name === 'vitest') readVitestReport();
  if (result.status !== 0) {
    printTable(stage.name);
    process.exit(result.status ?? 1);
  }
}
printTable(null);
