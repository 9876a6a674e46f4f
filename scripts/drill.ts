// `npm run drill -- <name>`: one of the operations drills (docs/operations.md, "Drills") run against
// a PostgreSQL and a Redis of the operator's choosing (a staging pair, never production's database:
// each drill creates scratch databases there, with server nodes of this checkout on them, and drops
// them). It runs the drill's suite and fails unless every one of its tests ran and passed: a suite
// that skipped itself (no database given) is a failed drill, not a passed one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DRILLS: Record<string, { file: string; what: string }> = {
  backup: { file: 'tests/server/ops/backupRestore.test.ts', what: 'backup and restore (pg_dump/pg_restore and a PGlite image): the restored books balance, every count as the source' },
  'rolling-restart': { file: 'tests/server/ops/rollingRestart.postgres.test.ts', what: 'two nodes restarted one after the other under dice bets: every accepted bet settled once, every refused one moved nothing' },
  'leader-kill': { file: 'tests/server/games/crash/crashRestart.test.ts', what: 'the crash leader killed (SIGKILL) mid-round: the standby leads within a leader poll and settles the round once' },
};

const [name] = process.argv.slice(2);
const drill = name ? DRILLS[name] : undefined;
if (!drill) {
  process.stderr.write(['usage: npm run drill -- <name>', '', ...Object.entries(DRILLS).map(([n, d]) => `  ${n.padEnd(16)} ${d.what}`)].join('\n') + '\n');
  process.exit(2);
}
const databaseUrl = process.env.DRILL_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const redisUrl = process.env.DRILL_REDIS_URL ?? process.env.TEST_REDIS_URL;
if (!databaseUrl || !redisUrl) {
  process.stderr.write('set DRILL_DATABASE_URL (a PostgreSQL database whose user may create databases) and DRILL_REDIS_URL: the drill makes its scratch databases and Redis keys there\n');
  process.exit(2);
}

const dir = mkdtempSync(path.join(tmpdir(), 'shop-drill-'));
const report = path.join(dir, 'report.json');
const started = Date.now();
try {
  const run = spawnSync(path.resolve('node_modules/.bin/vitest'), ['run', drill.file, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: databaseUrl, TEST_REDIS_URL: redisUrl },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const results = JSON.parse(readFileSync(report, 'utf8')) as { numTotalTests: number; numPassedTests: number };
  const passed = run.status === 0 && results.numTotalTests > 0 && results.numPassedTests === results.numTotalTests;
  process.stdout.write(`drill ${name}: ${passed ? 'PASSED' : 'FAILED'}, ${results.numPassedTests} of ${results.numTotalTests} checks passed in ${seconds} s\n`);
  process.exitCode = passed ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
