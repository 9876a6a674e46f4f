// The product as `npm start` serves it, for the browser benches (bench/lighthouse, bench/scenes):
// the client built into its own folder (never dist/), `server/main.ts` on its own port with a fresh
// DATA_DIR (so the demo seed runs), stopped when the bench ends. Nothing here touches the default
// port or ./data.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import { loadavg, uptime } from 'node:os';
import path from 'node:path';

export interface ProductOptions {
  port: number;
  /** Where the client is built (or read from, with `skipBuild`). */
  clientDir: string;
  /** Emptied first: the server starts on a fresh database and seeds the demo catalog. */
  dataDir: string;
  skipBuild?: boolean;
}

export interface Product {
  origin: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');

export function buildClient(clientDir: string): void {
  console.log(`building the client into ${clientDir} …`);
  const result = spawnSync('npx', ['vite', 'build', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
  // As `npm run build`: / and /boxes prerendered (scripts/prerender.ts).
  const prerender = spawnSync(path.join(root, 'node_modules/.bin/node'), ['scripts/prerender.ts', clientDir], { cwd: root, stdio: 'inherit' });
  if (prerender.status !== 0) throw new Error('prerender failed');
}

export async function startProduct(options: ProductOptions): Promise<Product> {
  if (!options.skipBuild) buildClient(options.clientDir);
  rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });
  const logFile = path.join(options.dataDir, 'server.log');
  const log = openSync(logFile, 'w');
  const server = spawn(path.join(root, 'node_modules/.bin/node'), ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, CLIENT_DIR: options.clientDir, PORT: String(options.port), DATA_DIR: options.dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  };
  // Migrations and the demo seed on a fresh PGlite take a while on a loaded machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}), see ${logFile}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within 300 s, see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { origin, stop };
}

/** The machine's load, as `uptime` prints it: every bench table records it beside its date. */
export function machineLoad(): string {
  const [one, five, fifteen] = loadavg().map((l) => l.toFixed(2));
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, up ${Math.round(uptime() / 60)} min, load average ${one}, ${five}, ${fifteen}`;
}

/** Integer option from the environment. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got ${raw}`);
  return value;
}

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? process.env.CHROMIUM ?? '/usr/bin/chromium';
}
