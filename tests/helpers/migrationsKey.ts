import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// What names a prepared database of the tests (the PGlite image, pgliteImage.ts; the PostgreSQL
// template, scratchDatabase.ts): every migration's name and text, plus `extra` (the PGlite version),
// so that a changed or added migration makes a new one.

const migrationsDir = path.resolve(import.meta.dirname, '../../server/db/migrations');

export function migrationsKey(extra = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const file of readdirSync(migrationsDir).sort()) hash.update(file).update(readFileSync(path.join(migrationsDir, file)));
  return hash.digest('hex').slice(0, 16);
}
