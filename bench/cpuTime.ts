// CPU seconds spent during a benchmark phase, split by who spent them: PostgreSQL's processes
// (every process named "postgres"), this process's main thread, its other threads (the load
// generator's worker), and the rest of the machine. Read from /proc (Linux), so a figure says
// where the cores went, not only how many requests came back.
import { execFile } from 'node:child_process';
import fs from 'node:fs';

const TICK = 100; // USER_HZ: clock ticks per second on Linux

function postgresTicks(): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the command.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return ticks;
}

function machineTicks(): { busy: number; total: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

export interface CpuSplit {
  /** CPU seconds of PostgreSQL's processes. */
  postgres: number;
  /** CPU seconds of this process's main thread (the server's event loop). */
  mainThread: number;
  /** CPU seconds of this process's other threads (libuv's pool, V8's helpers). */
  otherThreads: number;
  /** Everything else busy on the machine (the load generator: wrk or pgbench; other jobs). */
  rest: number;
  /** Idle CPU seconds over all cores. */
  idle: number;
}

/** Starts counting; the returned function stops and gives the split. */
export function countCpu(): () => CpuSplit {
  const pg0 = postgresTicks();
  const m0 = machineTicks();
  const p0 = process.cpuUsage();
  const t0 = process.threadCpuUsage();
  return () => {
    const pg = (postgresTicks() - pg0) / TICK;
    const m1 = machineTicks();
    const p = process.cpuUsage(p0);
    const t = process.threadCpuUsage(t0);
    const busy = (m1.busy - m0.busy) / TICK;
    const mainThread = (t.user + t.system) / 1e6;
    const processAll = (p.user + p.system) / 1e6;
    return {
      postgres: pg,
      mainThread,
      otherThreads: processAll - mainThread,
      rest: Math.max(0, busy - pg - processAll),
      idle: (m1.total - m1.busy - (m0.total - m0.busy)) / TICK,
    };
  };
}

/**
 * Runs a command (asynchronously: the server under test keeps its event loop) and gives its
 * output and the CPU seconds it spent, read by the shell's `times` so a load generator's own cost
 * is told apart from other jobs on the machine.
 */
export function runCounted(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ stdout: string; cpu: number }> {
  const script = '"$@"; status=$?; times >&2; exit $status';
  return new Promise((resolve, reject) => {
    execFile('sh', ['-c', script, 'sh', command, ...args], { env, encoding: 'utf8', maxBuffer: 1 << 24 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${command} failed: ${stderr || error.message}`));
      // `times` prints the shell's own user/system times, then its children's: "0m1.234s 0m0.567s".
      const children = stderr.trim().split('\n').at(-1) ?? '';
      const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
      resolve({ stdout, cpu });
    });
  });
}

/**
 * CPU milliseconds per item (a bet, an opening) of a run, by who spent them, as a table's cells:
 * PostgreSQL | server main thread | other server threads | load generator | other jobs | idle.
 * `loader`: the load generator's CPU seconds (wrk's or pgbench's, runCounted). The ratio's cause is where the cores went.
 */
export function cpuPerItem(split: CpuSplit, loader: number, items: number): string {
  return [split.postgres, split.mainThread, split.otherThreads, loader, Math.max(0, split.rest - loader), split.idle].map((s) => ((s * 1000) / items).toFixed(2)).join(' | ');
}

/** The header of cpuPerItem's table, for items named `item` (bet, opening). */
export const cpuTableHeader = (item: string) =>
  `| round, run | CPU ms per ${item}: PostgreSQL | server main thread | other server threads (the settlement thread, libuv, V8) | load generator (wrk / pgbench) | other jobs | idle |\n|---|---|---|---|---|---|---|`;
