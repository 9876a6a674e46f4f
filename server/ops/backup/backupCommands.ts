import { open, readFile, writeFile } from 'node:fs/promises';
import type { Config } from '../../config.ts';
import { backupPostgres, restorePostgres } from './postgresBackup.ts';
import { backupPglite, restorePglite } from './pgliteBackup.ts';
import { booksBalance, describeFigures, type BackupFigures } from './backupFigures.ts';

// `npm run ops -- backup --to FILE` and `restore --from FILE` (docs/operations.md, "Drills"): the
// configured database, PostgreSQL (DATABASE_URL) or PGlite (DATA_DIR), into one file and back
// into a new, empty database. They run on the database itself, before any migration: a restore's
// target must stay empty until the backup's own schema and migration history arrive.

export interface DatabaseCommand {
  summary: string;
  options: Record<string, { type: 'string' }>;
  run(config: Config, values: Record<string, string | boolean | undefined>): Promise<void>;
}

type FileKind = 'postgres' | 'pglite';

/** pg_dump's custom format starts with PGDMP; PGlite's image is a tarball, gzipped by backup. */
async function fileKind(file: string): Promise<FileKind | null> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(262), 0, 262, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
    return null;
  } finally {
    await handle.close();
  }
}

/** PGlite's loader unpacks a gzipped image only when the blob says so. */
async function pgliteImage(file: string): Promise<Blob> {
  const bytes = await readFile(file);
  return new Blob([bytes], { type: bytes[0] === 0x1f && bytes[1] === 0x8b ? 'application/x-gzip' : 'application/x-tar' });
}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new Error(`--${name} FILE is required`);
  return value;
}

export const backupCommand: DatabaseCommand = {
  summary: 'the whole database into one file (pg_dump or PGlite image): --to <file>',
  options: { to: { type: 'string' } },
  async run(config, values) {
    const file = required(values, 'to');
    let figures: BackupFigures;
    if (config.database.kind === 'postgres') {
      figures = await backupPostgres(config.database.url, file);
    } else {
      const backup = await backupPglite(config.database.dataDir);
      // `wx`: a backup never overwrites another.
      await writeFile(file, Buffer.from(await backup.image.arrayBuffer()), { flag: 'wx' });
      figures = backup.figures;
    }
    process.stdout.write(`backed up to ${file}: ${describeFigures(figures)}\n`);
  },
};

export const restoreCommand: DatabaseCommand = {
  summary: 'a backup into a new, empty database: --from <file>',
  options: { from: { type: 'string' } },
  async run(config, values) {
    const file = required(values, 'from');
    const kind = await fileKind(file);
    if (kind === null) throw new Error(`${file} is neither a pg_dump (custom format) nor a PGlite image`);
    if (kind !== config.database.kind) throw new Error(`${file} is a ${kind} backup, the configured database is ${config.database.kind}: restore it into the kind it came from`);
    const figures =
      config.database.kind === 'postgres'
        ? await restorePostgres(config.database.url, file)
        : await restorePglite(config.database.dataDir, await pgliteImage(file));
    process.stdout.write(`restored from ${file}: ${describeFigures(figures)}\n`);
    if (!booksBalance(figures)) throw new Error('the restored books do not balance: do not serve from this database');
  },
};
