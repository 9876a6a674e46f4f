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

const built = 'dist/client/index.html';
const sources = ['src', 'scenes', 'core', 'assets', 'public', 'index.html'].filter((p) => existsSync(p));
const sourceTime = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the client…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}
const { main } = await import('../server/main.ts');
await main();
