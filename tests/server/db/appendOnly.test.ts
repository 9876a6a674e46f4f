import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database.ts';
import { migrateToLatest } from '../../../server/db/migrator.ts';
import { migratedImage } from '../../helpers/pgliteImage.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { hasPostgres } from '../../helpers/testApp.ts';

// The audit log and box versions are kept for good: UPDATE and DELETE are refused row by row, and
// TRUNCATE by a statement trigger (migrations 1000, 1010 and 1050), on PGlite and on PostgreSQL.
const TABLES = ['audit_log', 'box_versions', 'box_version_items'];

function refusesTruncate(open: () => Promise<{ handle: DatabaseHandle; drop?: () => Promise<void> }>) {
  return () => {
    let handle: DatabaseHandle;
    let drop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ handle, drop } = await open());
      await sql`insert into audit_log (action, target_kind, target_id, address) values ('test.kept', 'test', '1', 'here')`.execute(handle.db);
    });
    afterAll(async () => {
      await handle?.close();
      await drop?.();
    });

    it.each(TABLES)('TRUNCATE %s is refused', async (table) => {
      await expect(sql`truncate ${sql.table(table)} cascade`.execute(handle.db)).rejects.toThrow(/cannot be truncated/);
    });

    it('the audit row survives the attempts', async () => {
      const rows = await sql<{ n: number }>`select count(*)::int as n from audit_log where action = 'test.kept'`.execute(handle.db);
      expect(rows.rows[0]!.n).toBe(1);
    });
  };
}

describe('append-only tables on PGlite', refusesTruncate(async () => ({ handle: await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, await migratedImage()) })));

describe.runIf(hasPostgres)('append-only tables on PostgreSQL', refusesTruncate(async () => {
  const database = await createScratchDatabase('shop_truncate');
  const handle = await openDatabase({ kind: 'postgres', url: database.url.toString(), poolSize: 2 });
  await migrateToLatest(handle.db);
  return { handle, drop: database.drop };
}));
