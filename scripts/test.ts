// `npm test`: every stage, stopping after the first step in which one failed, and at the end (passed
// or not) a table of the minutes each stage took, each Playwright project apart, the ten slowest test
// files (Vitest's JSON reports and the Playwright timing reporter), plus the tests that passed only on
// a retry and, last, every failed try of a test with the first two lines of its error (CI keeps a
// run's last lines: they say what failed even when two lanes' output was interleaved above). CI's
// limit is 90 minutes on two cores; the table shows what each change costs (tests/README.md keeps
// the current figures). `.ci/run` passes the install's seconds in CI_INSTALL_SECONDS so that they
// show in the same table.
//
// A step's lanes run at the same time, a lane's stages in turn. The server's and the shell's Vitest
// files keep both cores busy only part of the time (they wait on PGlite, PostgreSQL and sockets),
// while typecheck and lint use one core each and the scenes, in Chromium, wait on frames: side by
// side the Vitest step took 426 s where the two ran one after the other in 565 (tests/README.md).
// The client is built in the second lane once the scenes are done, while the server's files end: the
// apps and server processes the Vitest files start serve no built client (NO_CLIENT_DIR), so a build
// beside them changes nothing they read.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { errorSummary, TIMING_FILE, type PlaywrightTiming } from '../tests/e2e/helpers/timingReporter.ts';
import { ProcessorShare } from './processorShare.ts';
import { NO_CLIENT_DIR } from '../tests/helpers/noClientDir.ts';

const bin = (name: string) => path.resolve('node_modules/.bin', name);

// Node's compile cache for every process of the run (Vitest's and Playwright's workers, the server
// processes and ops commands the suites start, tsc, eslint): a module compiled once is read back, not
// compiled again, in the next process that loads it. Importing server/app.ts took 1.05 s of processor
// without it, 0.5 s with it warm; the three files that start the most server processes (crashSafety,
// crashRestart, main) 54 → 50 s of processor on a cold cache. Node checks each file's hash, so a
// changed file is compiled afresh.
process.env.NODE_COMPILE_CACHE ??= path.resolve('node_modules/.cache/node-compile-cache');
const node = process.execPath;

type Stage = { name: string; command: string; args: string[]; vitestReport?: string; env?: Record<string, string> };

/**
 * A Vitest run of `projects`, its JSON report at test-reports/`report` (not in test-results/, which
 * Playwright empties when it starts: a run's reports, with every failed try's whole error, stay for
 * reading after it). The server processes its files start serve no built client (NO_CLIENT_DIR, as
 * the test apps): the client is built beside them.
 */
function vitest(name: string, projects: string[], report: string): Stage {
  const outputFile = path.resolve('test-reports', report);
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];
  return { name, command: bin('vitest'), args, vitestReport: outputFile, env: { CLIENT_DIR: NO_CLIENT_DIR } };
}

/** Steps in order; each step is its lanes, each lane its stages in turn. */
const STEPS: Stage[][][] = [
  [[{ name: 'chromium', command: node, args: ['scripts/browser.ts'] }]],
  [
    [vitest('vitest node, jsdom', ['node', 'jsdom'], 'vitest.json')],
    [
      { name: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
      { name: 'lint', command: bin('eslint'), args: ['.'] },
      vitest('vitest scenes', ['browser'], 'vitest-scenes.json'),
      // `npm start` on a fresh checkout builds and prerenders the client the journeys load, and must
      // then serve it with the API (scripts/freshStart.ts): the build and its check in one, while the
      // server's files end (their last minutes keep only about 1.4 of the cores busy).
      { name: 'npm start (fresh build)', command: node, args: ['scripts/freshStart.ts'] },
      { name: 'budgets', command: node, args: ['scripts/budgets.ts'] },
    ],
  ],
  [[{ name: 'playwright', command: bin('playwright'), args: ['test'] }]],
];

/** Seconds each stage took, by name (printed in the steps' order). */
const stageSeconds = new Map<string, number>();

type VitestReport = {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
};

const vitestFiles: [string, number][] = [];
/** "file › test: its error's summary" for each failed Vitest test (or file, when it failed outside its tests). */
const vitestFailures: string[] = [];
/** The Vitest tests that passed only on a retry. */
const vitestRetried: string[] = [];
function readVitestReport(file: string): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  for (const f of report.testResults) {
    const name = path.relative(process.cwd(), f.name);
    vitestFiles.push([`vitest ${name}`, (f.endTime - f.startTime) / 1000]);
    // A test's failed tries leave their errors in its report, also when a retry passed (the scenes
    // retry once in CI, as the journeys do: vitest.config.ts).
    const tried = f.assertionResults.filter((t) => t.failureMessages.length);
    for (const t of tried) {
      const retried = t.status === 'passed';
      vitestFailures.push(`${name} › ${t.fullName}${retried ? ' (passed on its retry)' : ''}: ${errorSummary(t.failureMessages[0]!)}`);
      if (retried) vitestRetried.push(`${name} › ${t.fullName}`);
    }
    if (f.status === 'failed' && !tried.length) vitestFailures.push(`${name}: ${errorSummary(f.message ?? 'failed')}`);
  }
}

/** Seconds per test file of this run: Vitest's files (from their start to their end; several run at once) and Playwright's (the sum of their tests' tries). */
function fileSeconds(timing: PlaywrightTiming | null): [string, number][] {
  const files = [...vitestFiles];
  if (timing) for (const [file, seconds] of Object.entries(timing.files)) files.push([`playwright ${file}`, seconds]);
  return files.sort((a, b) => b[1] - a[1]).slice(0, 10);
}

function printTable(failed: string[]): void {
  const rows: [string, number][] = STEPS.flat(2)
    .filter(({ name }) => stageSeconds.has(name))
    .map(({ name }) => [name, stageSeconds.get(name)!]);
  if (process.env.CI_INSTALL_SECONDS) rows.unshift(['install (npm ci)', Number(process.env.CI_INSTALL_SECONDS)]);
  const lines = rows.map(([name, seconds]) => `  ${name.padEnd(28)} ${(seconds / 60).toFixed(1).padStart(6)} min`);
  const timing = existsSync(TIMING_FILE) ? (JSON.parse(readFileSync(TIMING_FILE, 'utf8')) as PlaywrightTiming) : null;
  if (timing) {
    for (const [project, p] of Object.entries(timing.projects)) lines.push(`    playwright ${project.padEnd(17)} ${(p.seconds / 60).toFixed(1).padStart(6)} min  (${p.tests} tests, ${(p.testSeconds / 60).toFixed(1)} min of tests on two workers)`);
  }
  const retried = [...vitestRetried.map((t) => `vitest ${t}`), ...(timing?.passedOnRetry ?? []).map((t) => `playwright ${t}`)];
  if (retried.length) lines.push(`  passed only on retry (flaky, to fix): ${retried.join('; ')}`);
  const slowest = fileSeconds(timing).map(([file, seconds]) => `  ${seconds.toFixed(0).padStart(5)} s  ${file}`);
  const heading = `Stages${failed.length ? ` (stopped: ${failed.join(', ')} failed)` : ''}, each step's lanes side by side:`;
  console.log(`\n${heading}\n${lines.join('\n')}\n  ${'total'.padEnd(28)} ${(wallSeconds() / 60).toFixed(1).padStart(6)} min`);
  if (slowest.length) console.log(`\nThe ten slowest test files:\n${slowest.join('\n')}`);
  processor.stop();
  const shares = processor.lines();
  if (shares.length) console.log(`\nThe processor, each step (${cpus().length} cores; sampled every second, so a lower bound):\n${shares.join('\n')}`);
  const failures = [...vitestFailures.map((f) => `vitest ${f}`), ...(timing?.failedTries ?? []).map((f) => `playwright ${f}`)];
  if (failures.length) console.log(`\nEvery failed try, with the first two lines of its error:\n${failures.map((f) => `  ${f}`).join('\n')}`);
}

const started = performance.now();
/** The run's minutes: the install's plus this script's (the stages of a step overlap, so their sum is more). */
const wallSeconds = () => Number(process.env.CI_INSTALL_SECONDS ?? 0) + (performance.now() - started) / 1000;

/** Writes a child's output line by line, each line prefixed, so that two lanes' lines do not mix. */
function prefixLines(stream: NodeJS.ReadableStream, prefix: string, out: NodeJS.WriteStream): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => pending && out.write(`${prefix}${pending}\n`));
}

/** Runs a stage; its own terminal when it runs alone, prefixed lines when lanes share the output. Resolves to whether it passed. */
function runStage(stage: Stage, shared: boolean): Promise<boolean> {
  const began = performance.now();
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, { stdio: shared ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...stage.env } });
    if (shared) {
      prefixLines(child.stdout!, `[${stage.name}] `, process.stdout);
      prefixLines(child.stderr!, `[${stage.name}] `, process.stderr);
    }
    child.on('error', (error) => console.error(`[${stage.name}] ${error.message}`));
    child.on('close', (code) => {
      stageSeconds.set(stage.name, (performance.now() - began) / 1000);
      if (stage.vitestReport) readVitestReport(stage.vitestReport);
      resolve(code === 0);
    });
  });
}

/** A lane's stages in turn, stopping at the first that fails; the names of those that failed. */
async function runLane(lane: Stage[], shared: boolean): Promise<string[]> {
  for (const stage of lane) if (!(await runStage(stage, shared))) return [stage.name];
  return [];
}

rmSync(TIMING_FILE, { force: true });
for (const stage of STEPS.flat(2)) if (stage.vitestReport) rmSync(stage.vitestReport, { force: true });
/** Which kinds of process kept the cores busy in each step (scripts/processorShare.ts). */
const processor = new ProcessorShare();
for (const lanes of STEPS) {
  processor.step(lanes.map((lane) => lane.map(({ name }) => name).join(', ')).join(' | '));
  const failed = (await Promise.all(lanes.map((lane) => runLane(lane, lanes.length > 1)))).flat();
  if (failed.length) {
    printTable(failed);
    process.exit(1);
  }
}
printTable([]);
