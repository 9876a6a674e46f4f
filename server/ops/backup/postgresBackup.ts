import { sql } from 'kysely';
import { openDatabase } from '../../db/database.ts';
import { requireClientTool, runClientTool } from './clientTools.ts';
import { backupFigures, type BackupFigures } from './backupFigures.ts';

// PostgreSQL: pg_dump's custom format, restored by pg_restore. The server keeps running during a
// backup: pg_dump reads one snapshot. The figures are counted in that same snapshot (exported by
// our transaction and handed to pg_dump), so what the backup prints is what the file holds even
// while bets are being written.

export async function backupPostgres(url: string, file: string): Promise<BackupFigures> {
  await requireClientTool('pg_dump');
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    return await handle.db.connection().execute(async (db) => {
      await sql`begin isolation level repeatable read read only`.execute(db);
      try {
        const snapshot = (await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(db)).rows[0]!.id;
        const figures = await backupFigures(db);
        await runClientTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`], url);
        return figures;
      } finally {
        await sql`commit`.execute(db);
      }
    });
  } finally {
    await handle.close();
  }
}

/**
 * Into a new, empty database only: restoring over a live schema would fail half-way or mix two
 * shops' rows. One transaction: a failed restore leaves the database empty, to try again.
 */
export async function restorePostgres(url: string, file: string): Promise<BackupFigures> {
  await requireClientTool('pg_restore');
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const tables = Number((await sql<{ n: string }>`select count(*)::text as n from pg_tables where schemaname = 'public'`.execute(handle.db)).rows[0]!.n);
    const name = new URL(url).pathname.slice(1);
    if (tables > 0) throw new Error(`the database ${name} already has ${tables} tables: restore into a new, empty database (createdb <name>, then DATABASE_URL pointing at it)`);
    await runClientTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file], url);
    return await backupFigures(handle.db);
  } finally {
    await handle.close();
  }
}
