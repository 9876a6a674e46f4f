// `npm test`'s build stage: `npm start` as on a fresh checkout, its client built where the suites
// read it. dist/client is removed first, so scripts/start.ts builds and prerenders the client (the
// build a fresh clone's first `npm start` makes); then it must serve the API and a page of the
// built client from the one process, on the embedded default. Stopped once that is seen; exits 1
// with the process's output when it is not. (Regression: Vite's build set NODE_ENV=production in
// the process, and the server then refused its development secrets.)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../tests/helpers/serverProcess.ts';

const CLIENT_DIR = path.resolve('dist/client');
const READY_WITHIN_MS = 180_000;
const TITLE = '<title>Open Mystery Boxes | Provably Fair and Authentic</title>';

rmSync(CLIENT_DIR, { recursive: true, force: true });
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-fresh-start-'));

/** What is wrong with the started product, or null when it serves what a fresh start must. */
async function check(node: ServerProcess): Promise<string | null> {
  if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) return 'no client built';
  // The suites load the prerendered pages; `npm start` goes on without them (scripts/start.ts).
  if (!existsSync(path.join(CLIENT_DIR, 'prerendered', 'index.html'))) return 'the client was built but its pages were not prerendered';
  const page = await (await fetch(`http://127.0.0.1:${node.port}/some/page`)).text();
  return page.includes(TITLE) ? null : `a page of the client is not served\n${node.output()}`;
}

const began = performance.now();
let problem: string | null;
try {
  // As from a shell (no NODE_ENV), the embedded database in a data directory of its own.
  const node = await startServerProcess({ DATA_DIR: dataDir, CLIENT_DIR, LOG_LEVEL: 'warn', SEED_DEMO: 'false' }, READY_WITHIN_MS, 'scripts/start.ts');
  problem = await check(node);
  node.child.kill('SIGTERM');
  await node.exited;
} catch (error) {
  problem = error instanceof Error ? error.message : String(error);
}
rmSync(dataDir, { recursive: true, force: true });
if (problem) {
  console.error(`npm start on a fresh checkout: ${problem}`);
  process.exit(1);
}
console.log(`npm start on a fresh checkout built the client and served it with the API in ${((performance.now() - began) / 1000).toFixed(0)} s`);
