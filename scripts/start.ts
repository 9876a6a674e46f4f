// `npm start`: builds the client when it is missing or older than its sources, then serves
// everything (API, websockets, client) from one process.
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const clientDir = process.env.CLIENT_DIR ?? './dist/client';
const built = path.join(clientDir, 'index.html');
const sources = ['src', 'scenes', 'core', 'assets', 'public', 'index.html'].filter((p) => existsSync(p));
const sourceTime = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the client…');
  // Vite sets process.env.NODE_ENV to 'production' while it builds; the server must still see the
  // environment the operator gave (the embedded default is development).
  const nodeEnv = process.env.NODE_ENV;
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } });
  // / and /boxes prerendered (scripts/prerender.ts). Never stops the start: without it (no Chromium,
  // or a capture that failed) every page gets index.html, as before.
  const { prerender } = await import('./prerender.ts');
  await prerender(clientDir).catch((error: unknown) => console.warn(`prerender failed, / and /boxes get index.html: ${String(error)}`));
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}
const { main } = await import('../server/main.ts');
await main();
