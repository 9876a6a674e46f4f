// The HTTP benchmarks' load generator: wrk (Debian's package, `apt-get install -y wrk`), a
// separate C process like pgbench, so the comparison with pgbench bills the same kind of lean
// client to both sides. One thread and one connection per player (bench/load/post.lua).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { runCounted } from '../cpuTime.ts';

export interface LoadResult {
  /** Completed requests per second. */
  requests: number;
  /** Completed requests in all. */
  completed: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  /** CPU seconds wrk itself spent. */
  cpu: number;
}

export interface PostLoad {
  url: string;
  seconds: number;
  body: string;
  /** One bearer token per connection. */
  tokens: string[];
}

// Checked once per process: each run loads twice (warm-up, then the measured run).
let wrkInstalled: boolean | undefined;

export async function postLoad(job: PostLoad): Promise<LoadResult> {
  wrkInstalled ??= !spawnSync('wrk', ['--version']).error;
  if (!wrkInstalled) throw new Error('wrk is not installed: apt-get install -y wrk');
  const script = path.join(import.meta.dirname, 'post.lua');
  const connections = String(job.tokens.length);
  const args = ['-t', connections, '-c', connections, '-d', `${job.seconds}s`, '--timeout', '10s', '-s', script, job.url];
  const { stdout, cpu } = await runCounted('wrk', args, { ...process.env, WRK_TOKENS: job.tokens.join(','), WRK_BODY: job.body });
  const line = /WRK_RESULT (.*)/.exec(stdout)?.[1];
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  const r = JSON.parse(line) as { requests: number; duration_us: number; p50_us: number; p99_us: number; errors: number };
  return { requests: r.requests / (r.duration_us / 1e6), completed: r.requests, p50: r.p50_us / 1000, p99: r.p99_us / 1000, errors: r.errors, cpu };
}
