// `npm test`'s build stage: `npm start` as on a fresh checkout, its client built where the suites
// read it. dist/client is removed first, so scripts/start.ts builds and prerenders the client (the
// build a fresh clone's first `npm start` makes); then it must serve the API and a page of the
// built client from the one process, on the embedded default. Stopped once that is seen; exits 1
// with the process's output when it is not. (Regression: Vite's build set NODE_ENV=production in
// the process, and the server then refused its development secrets.)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/helpers/ports.ts';
import { serverProcessEnv } from '../tests/helpers/serverProcess.ts';

const CLIENT_DIR = path.resolve('dist/client');
const READY_WITHIN_MS = 180_000;
const TITLE = '<title>Open Mystery Boxes | Provably Fair and Authentic</title>';

rmSync(CLIENT_DIR, { recursive: true, force: true });
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-fresh-start-'));
const port = await freePort();
// As from a shell: no NODE_ENV, the embedded database in a data directory of its own.
const child = spawn(process.execPath, ['scripts/start.ts'], {
  env: serverProcessEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR, LOG_LEVEL: 'warn', SEED_DEMO: 'false' }),
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (d: Buffer) => void (output += d));
child.stderr.on('data', (d: Buffer) => void (output += d));
const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

/** What is wrong with the started product, or null when it serves what a fresh start must. */
async function check(): Promise<string | null> {
  const deadline = Date.now() + READY_WITHIN_MS;
  let ready = false;
  while (!ready && Date.now() < deadline && child.exitCode === null) {
    ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
    if (!ready) await new Promise((r) => setTimeout(r, 250));
  }
  if (!ready) return child.exitCode === null ? `not ready within ${READY_WITHIN_MS / 1000} s` : `exited with ${child.exitCode} before it was ready`;
  if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) return 'no client built';
  // The suites load the prerendered pages; `npm start` goes on without them (scripts/start.ts).
  if (!existsSync(path.join(CLIENT_DIR, 'prerendered', 'index.html'))) return 'the client was built but its pages were not prerendered';
  const page = await (await fetch(`http://127.0.0.1:${port}/some/page`)).text();
  return page.includes(TITLE) ? null : 'a page of the client is not served';
}

const began = performance.now();
const problem = await check();
child.kill('SIGTERM');
await exited;
rmSync(dataDir, { recursive: true, force: true });
if (problem) {
  console.error(`npm start on a fresh checkout: ${problem}\n${output}`);
  process.exit(1);
}
console.log(`npm start on a fresh checkout built the client and served it with the API in ${((performance.now() - began) / 1000).toFixed(0)} s`);
