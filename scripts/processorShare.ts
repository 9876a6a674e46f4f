// Where the processor goes during `npm test` (scripts/test.ts): every second the run reads each
// process's CPU time from /proc, and at its end prints, for each step, how many of the machine's
// cores were busy and which kinds of process used them (Chromium's renderers and its GPU process,
// Vitest, the journeys' servers, PostgreSQL…). The suite's minutes depend on the processor far more
// than on waits (two Playwright workers kept two cores about 83 % busy, three kept them full), so a
// lever is chosen by this table, not guessed. A process that starts and ends between two readings is
// not counted (the table is a lower bound); where /proc does not exist (not Linux) nothing is sampled.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One reading: each live process (pid and start time, so a reused pid is another process) with its kind and CPU seconds. */
export type Snapshot = Map<string, { kind: string; seconds: number }>;

/** The kind a process is counted under, from its command line (NUL-separated in /proc, spaces here). */
export function kindOf(command: string): string {
  if (/chrom|headless_shell/.test(command)) {
    if (command.includes('--type=renderer')) return 'Chromium renderers';
    if (command.includes('--type=gpu-process')) return 'Chromium GPU process';
    return 'Chromium, other';
  }
  if (command.includes('e2eServer')) return 'journey servers';
  if (/\bpostgres\b|postgres:/.test(command)) return 'PostgreSQL';
  if (command.includes('redis-server')) return 'Redis';
  if (command.includes('playwright')) return 'Playwright runner';
  if (command.includes('vitest')) return 'Vitest';
  if (/\btsc\b/.test(command)) return 'typecheck';
  if (command.includes('eslint')) return 'lint';
  if (/\bnode\b/.test(command)) return 'other node';
  return 'other';
}

/**
 * Reads every process's CPU seconds (user + system, in Linux's 100 ticks a second) from `procDir`;
 * `known` keeps the kinds already worked out, a kernel thread's as '' so its command line is read once.
 */
export function readSnapshot(procDir = '/proc', known: Map<string, string> = new Map()): Snapshot {
  const snapshot: Snapshot = new Map();
  for (const pid of readdirSync(procDir)) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(path.join(procDir, pid, 'stat'), 'utf8');
      // The command name in parentheses may hold spaces: the fields after it are counted from its end.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const key = `${pid}:${fields[19]}`;
      let kind = known.get(key);
      if (kind === undefined) {
        const command = readFileSync(path.join(procDir, pid, 'cmdline'), 'utf8').replaceAll('\0', ' ').trim();
        kind = command ? kindOf(command) : ''; // no command line: a kernel thread
        known.set(key, kind);
      }
      if (kind) snapshot.set(key, { kind, seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // The process ended while it was read.
    }
  }
  return snapshot;
}

/** CPU seconds by kind between two readings: a process new since `before` counts from its start. */
export function cpuByKind(before: Snapshot, after: Snapshot): Map<string, number> {
  const byKind = new Map<string, number>();
  for (const [key, { kind, seconds }] of after) {
    const used = seconds - (before.get(key)?.seconds ?? 0);
    if (used > 0) byKind.set(kind, (byKind.get(kind) ?? 0) + used);
  }
  return byKind;
}

/** A line per step: the cores it kept busy on average and the kinds that used most of them. */
export function shareLines(steps: { name: string; seconds: number; cpu: Map<string, number> }[], shown = 5): string[] {
  return steps.map(({ name, seconds, cpu }) => {
    const total = [...cpu.values()].reduce((a, b) => a + b, 0);
    const kinds = [...cpu].sort((a, b) => b[1] - a[1]).slice(0, shown);
    const parts = kinds.map(([kind, used]) => `${kind} ${total ? Math.round((used / total) * 100) : 0} %`);
    return `  ${name}: ${seconds > 0 ? (total / seconds).toFixed(2) : '0.00'} cores busy (${total.toFixed(0)} s of processor in ${seconds.toFixed(0)} s) — ${parts.join(', ')}`;
  });
}

/** Samples the machine every `intervalMs` and adds the CPU used to the step under way. */
export class ProcessorShare {
  private readonly steps: { name: string; seconds: number; cpu: Map<string, number> }[] = [];
  private readonly kinds = new Map<string, string>();
  private last: Snapshot = new Map();
  private lastAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly enabled: boolean;
  private readonly procDir: string;
  private readonly intervalMs: number;

  constructor(procDir = '/proc', intervalMs = 1000) {
    this.procDir = procDir;
    this.intervalMs = intervalMs;
    this.enabled = existsSync(path.join(procDir, 'self', 'stat'));
  }

  /** Starts counting a step (ending the one before). */
  step(name: string): void {
    if (!this.enabled) return;
    this.sample();
    this.steps.push({ name, seconds: 0, cpu: new Map() });
    this.timer ??= setInterval(() => this.sample(), this.intervalMs).unref();
  }

  /** Ends the step under way and stops sampling. */
  stop(): void {
    if (!this.enabled) return;
    this.sample();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  lines(): string[] {
    return shareLines(this.steps);
  }

  private sample(): void {
    const now = performance.now();
    const snapshot = readSnapshot(this.procDir, this.kinds);
    const current = this.steps.at(-1);
    if (current && this.lastAt) {
      current.seconds += (now - this.lastAt) / 1000;
      for (const [kind, used] of cpuByKind(this.last, snapshot)) current.cpu.set(kind, (current.cpu.get(kind) ?? 0) + used);
    }
    this.last = snapshot;
    this.lastAt = now;
  }
}
