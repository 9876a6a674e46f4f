import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/ports.ts';

// The real entry point in its own process: it listens, serves, holds the embedded database alone
// (an ops command beside it is refused), and on SIGTERM stops accepting, closes the database and exits 0.
const dir = mkdtempSync(path.join(tmpdir(), 'shop-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function waitForReady(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}

/** `npm run ops -- <args>` on the embedded database in `dataDir`. */
async function runOps(args: string[], dataDir: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['server/ops/cli.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stderr };
}

describe('server/main.ts', () => {
  it('serves on PORT and shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'info', SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    await waitForReady(`http://127.0.0.1:${port}/api/ready`, Date.now() + 40_000);
    const ready = await (await fetch(`http://127.0.0.1:${port}/api/ready`)).json();
    expect(ready).toMatchObject({ status: 'ready', database: 'pglite' });

    // An ops command beside it is refused at once, in one line, and the server carries on.
    const beside = await runOps(['staff', 'list'], dir);
    expect(beside.code).toBe(1);
    expect(beside.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`in use by process ${child.pid} .*stop that server first`))]);
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(/shutting down/);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    // Stopped, the server has let go of the database: the same command now runs.
    expect(await runOps(['staff', 'list'], dir)).toMatchObject({ code: 0, stderr: '' });
  }, 60_000);

  it('refuses to start with a bad configuration, naming the variable', async () => {
    const child = spawn(process.execPath, ['server/main.ts'], { env: { ...process.env, PORT: 'not-a-port' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/Invalid configuration:[\s\S]*PORT/);
  }, 30_000);
});
