import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrator.ts';
import { migrationsKey } from './migrationsKey.ts';
import { TEST_PGLITE_SHARED_BUFFERS } from './testConfig.ts';

// The migrated PGlite image the test apps start from (server/app.ts, BuildOptions.databaseImage):
// a fresh in-memory PGlite runs initdb and every migration, 2–3 s an app on this machine, while a
// start from the image takes about 1 s (with a small buffer pool: testConfig.ts's
// TEST_PGLITE_SHARED_BUFFERS). The image is made once per set of migrations and
// PGlite version, kept in the system's temp folder and shared by every test file and worker; a
// changed migration makes a new one. The embedded start from nothing stays covered by the suites
// that build without it (tests/server/db/seed.test.ts, tests/server/main.test.ts, and `npm test`'s
// build stage, scripts/freshStart.ts).

function imageKey(): string {
  const pglite = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  return migrationsKey(pglite.version);
}

let image: Promise<Blob> | undefined;

/** The image of an empty, fully migrated PGlite database. */
export function migratedImage(): Promise<Blob> {
  image ??= (async () => {
    const file = path.join(tmpdir(), `shop-test-pglite-${imageKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://', sharedBuffers: TEST_PGLITE_SHARED_BUFFERS });
    try {
      await migrateToLatest(database.db);
      const made = await database.image!();
      // Two workers may make it at once: each writes its own file and renames it into place.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await made.arrayBuffer()));
      renameSync(partial, file);
      return made;
    } finally {
      await database.close();
    }
  })();
  return image;
}
