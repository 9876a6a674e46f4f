import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/ports.ts';
import { serverProcessEnv } from '../helpers/serverProcess.ts';

// `npm start` on a fresh checkout: no client built yet, so it builds one, then serves API and
// client on the embedded default. (Regression: Vite's build set NODE_ENV=production in the
// process, and the server then refused its development secrets.)
const dir = mkdtempSync(path.join(tmpdir(), 'shop-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm start (scripts/start.ts)', () => {
  it('builds the missing client and serves it with the API', async () => {
    const port = await freePort();
    const clientDir = path.join(dir, 'client');
    // As from a shell: no NODE_ENV (Vitest sets one in its own process).
    const child = spawn(process.execPath, ['scripts/start.ts'], {
      env: serverProcessEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), CLIENT_DIR: clientDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const deadline = Date.now() + 100_000;
      let ready = false;
      while (!ready && Date.now() < deadline && child.exitCode === null) {
        ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
        if (!ready) await new Promise((r) => setTimeout(r, 500));
      }
      expect(ready, output).toBe(true);
      expect(existsSync(path.join(clientDir, 'index.html'))).toBe(true);
      const page = await (await fetch(`http://127.0.0.1:${port}/some/page`)).text();
      expect(page).toContain('<title>Open Mystery Boxes | Provably Fair and Authentic</title>');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});
