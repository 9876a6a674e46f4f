import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

// Beside the list reporter: the minutes each Playwright project took (from its first test's start
// to its last test's end: two workers run side by side, so the sum of its tests is more) and every test that
// passed only on a retry. A retry is CI's safety net, not a pass: the run names each such test so
// that it gets fixed (tests/README.md), and every failed try with its first error line, so that the
// end of a run's output says why, even when the try that failed was retried. scripts/test.ts prints
// the figures in its stage table.

export const TIMING_FILE = path.resolve('test-results', 'playwright-timing.json');

export interface PlaywrightTiming {
  /** seconds: the project's first start to its last end; testSeconds: the sum of its tests' tries. */
  projects: Record<string, { seconds: number; testSeconds: number; tests: number }>;
  /** Seconds per spec file and project ("desktop tests/e2e/crash.spec.ts"), every try counted. */
  files: Record<string, number>;
  passedOnRetry: string[];
  /** Every try that failed: "[project] title (try n): its error's first two lines". */
  failedTries: string[];
}

/**
 * An error's first two non-empty lines without terminal colours, for a one-line summary: the failure
 * and what it was about (Playwright's "Locator: …", or the first line of a stack).
 */
export function errorSummary(message: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain.split('\n').map((line) => line.trim()).filter(Boolean);
  return lines.slice(0, 2).join(' — ').slice(0, 400);
}

export default class TimingReporter implements Reporter {
  private projects: PlaywrightTiming['projects'] = {};
  private files: PlaywrightTiming['files'] = {};
  private passedOnRetry: string[] = [];
  private failedTries: string[] = [];
  private spans: Record<string, { start: number; end: number }> = {};

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? 'default';
    const entry = (this.projects[project] ??= { seconds: 0, testSeconds: 0, tests: 0 });
    entry.testSeconds += result.duration / 1000;
    const start = result.startTime.getTime();
    const span = (this.spans[project] ??= { start, end: start });
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, start + result.duration);
    entry.seconds = (span.end - span.start) / 1000;
    const file = `${project} ${path.relative(process.cwd(), test.location.file)}`;
    this.files[file] = (this.files[file] ?? 0) + result.duration / 1000;
    if (result.retry === 0) entry.tests += 1;
    const title = `[${project}] ${path.relative(process.cwd(), test.location.file)}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`;
    if (result.status === 'passed' && result.retry > 0) this.passedOnRetry.push(title);
    if (result.status !== 'passed' && result.status !== 'skipped') this.failedTries.push(`${title} (try ${result.retry + 1}): ${errorSummary(result.error?.message ?? result.status)}`);
  }

  onEnd(): void {
    const timing: PlaywrightTiming = { projects: this.projects, files: this.files, passedOnRetry: this.passedOnRetry, failedTries: this.failedTries };
    mkdirSync(path.dirname(TIMING_FILE), { recursive: true });
    writeFileSync(TIMING_FILE, JSON.stringify(timing, null, 2));
    for (const [name, p] of Object.entries(this.projects)) console.log(`playwright project ${name}: ${p.tests} tests, ${(p.seconds / 60).toFixed(1)} min (${(p.testSeconds / 60).toFixed(1)} min of tests)`);
    if (this.passedOnRetry.length) {
      console.log(`\n${this.passedOnRetry.length} test(s) passed only on retry (flaky: a failure to fix):`);
      for (const t of this.passedOnRetry) console.log(`  ${t}`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
