// The server Playwright starts: the built product on a fresh data directory, seeded like a
// first `npm start`, removed again when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO ??= 'true';
const cleanup = () => rmSync(dir, { recursive: true, force: true });
process.on('exit', cleanup);
const { main } = await import('../server/main.ts');
await main();
