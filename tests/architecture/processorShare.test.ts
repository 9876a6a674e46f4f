import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuByKind, kindOf, readSnapshot, shareLines } from '../../scripts/processorShare.ts';

// The processor table at the end of `npm test` (scripts/processorShare.ts): what each kind of process
// used in each step, read from /proc. Here a /proc of our own making, so the readings are known.

describe('kindOf', () => {
  it("tells Chromium's renderers and GPU process from the rest of it", () => {
    expect(kindOf('/usr/lib/chromium/chromium-headless-shell --type=renderer --lang=en-US')).toBe('Chromium renderers');
    expect(kindOf('/usr/lib/chromium/chromium --type=gpu-process --use-angle=swiftshader')).toBe('Chromium GPU process');
    expect(kindOf('/usr/lib/chromium/chromium --type=utility --utility-sub-type=network.mojom.NetworkService')).toBe('Chromium, other');
  });
  it('names the test runners, the servers and the databases', () => {
    expect(kindOf('node scripts/e2eServer.ts')).toBe('journey servers');
    expect(kindOf('postgres: postgres test 127.0.0.1(51234) idle')).toBe('PostgreSQL');
    expect(kindOf('/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main')).toBe('PostgreSQL');
    expect(kindOf('redis-server 127.0.0.1:6379')).toBe('Redis');
    expect(kindOf('node /ci/node_modules/.bin/playwright test')).toBe('Playwright runner');
    expect(kindOf('node /ci/node_modules/.bin/vitest run --project node')).toBe('Vitest');
    expect(kindOf('node /ci/node_modules/.bin/tsc --noEmit -p tsconfig.json')).toBe('typecheck');
    expect(kindOf('node /ci/node_modules/.bin/eslint .')).toBe('lint');
    expect(kindOf('node server/main.ts')).toBe('other node');
    expect(kindOf('/usr/sbin/nats-server -a 127.0.0.1')).toBe('other');
  });
});

describe('readSnapshot and cpuByKind', () => {
  let proc = '';
  afterEach(() => rmSync(proc, { recursive: true, force: true }));

  /** A process in the fake /proc: its start time (field 22) and its user and system ticks (fields 14 and 15). */
  function processAt(pid: number, command: string, start: number, user: number, system: number) {
    mkdirSync(path.join(proc, String(pid)), { recursive: true });
    // The name in parentheses holds a space and a parenthesis, as a real one may.
    const fields = ['S', '1', '1', '1', '0', '-1', '0', '0', '0', '0', '0', String(user), String(system), '0', '0', '20', '0', '1', '0', String(start)];
    writeFileSync(path.join(proc, String(pid), 'stat'), `${pid} (a b) c) ${fields.join(' ')} 0 0`);
    writeFileSync(path.join(proc, String(pid), 'cmdline'), `${command.split(' ').join('\0')}\0`);
  }

  it("counts each kind's seconds between readings; a new process, or a pid reused by one, from its start", () => {
    proc = mkdtempSync(path.join(tmpdir(), 'proc-'));
    mkdirSync(path.join(proc, 'self'));
    processAt(10, 'node /ci/node_modules/.bin/vitest run', 500, 300, 100);
    processAt(11, 'postgres: postgres test idle', 400, 50, 50);
    processAt(12, '', 1, 999, 999); // a kernel thread: no command line, not counted
    const before = readSnapshot(proc);
    expect([...before.values()]).toEqual([
      { kind: 'Vitest', seconds: 4 },
      { kind: 'PostgreSQL', seconds: 1 },
    ]);

    processAt(10, 'node /ci/node_modules/.bin/vitest run', 500, 450, 150); // +2 s
    processAt(11, '/usr/lib/chromium/chromium --type=renderer', 900, 30, 20); // pid 11 is now a renderer: 0.5 s since its start
    processAt(13, '/usr/lib/chromium/chromium --type=gpu-process', 950, 70, 0); // new: 0.7 s
    const after = readSnapshot(proc);
    const used = cpuByKind(before, after);
    expect(Object.fromEntries([...used].map(([kind, seconds]) => [kind, Number(seconds.toFixed(2))]))).toEqual({
      Vitest: 2,
      'Chromium renderers': 0.5,
      'Chromium GPU process': 0.7,
    });
  });
});

describe('shareLines', () => {
  it("states the cores a step kept busy and its kinds' shares, largest first", () => {
    const cpu = new Map([
      ['Vitest', 300],
      ['Chromium GPU process', 100],
      ['PostgreSQL', 100],
    ]);
    expect(shareLines([{ name: 'vitest node, jsdom | typecheck, lint, vitest scenes', seconds: 300, cpu }], 2)).toEqual([
      '  vitest node, jsdom | typecheck, lint, vitest scenes: 1.67 cores busy (500 s of processor in 300 s) — Vitest 60 %, Chromium GPU process 20 %',
    ]);
  });
});
