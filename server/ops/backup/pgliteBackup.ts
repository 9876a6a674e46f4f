import { readdir } from 'node:fs/promises';
import { openDatabase } from '../../db/database.ts';
import { backupFigures, type BackupFigures } from './backupFigures.ts';

// PGlite (the embedded database): its data directory as a gzipped tarball, PGlite's own
// dumpDataDir, and loadDataDir to start a new directory from it. Opening the directory takes the
// embedded lock (server/db/embeddedLock.ts), so a backup or restore is refused while the server
// runs on it: the files are only copied from a stopped database.

export async function backupPglite(dataDir: string): Promise<{ figures: BackupFigures; image: Blob }> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return { figures: await backupFigures(handle.db), image: await handle.pglite!.dumpDataDir('gzip') };
  } finally {
    await handle.close();
  }
}

async function isEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Into a new data directory only: loading over a database's files would mix two of them. */
export async function restorePglite(dataDir: string, image: Blob): Promise<BackupFigures> {
  if (!(await isEmpty(dataDir))) throw new Error(`${dataDir} is not empty: restore into a new data directory (DATA_DIR pointing at a new folder), or move this one away first`);
  const handle = await openDatabase({ kind: 'pglite', dataDir }, image);
  try {
    return await backupFigures(handle.db);
  } finally {
    await handle.close();
  }
}
