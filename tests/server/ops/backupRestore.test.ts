import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database.ts';
import { buildApp } from '../../../server/app.ts';
import { runOps } from '../../../server/ops/cli.ts';
import { backupFigures } from '../../../server/ops/backup/backupFigures.ts';
import { createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { captureStdout } from '../../helpers/stdout.ts';
import { migratedImage } from '../../helpers/pgliteImage.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { playersWithDiceBets } from '../../helpers/diceBets.ts';

// The backup drill (docs/operations.md, "Drills"): `npm run ops -- backup --to FILE` of a shop with
// players, bets and their ledger, `restore --from FILE` into a new database, and the restored books
// balance with every count the source had.

const OPS_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' };

async function ops(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  let code = -1;
  const out = await captureStdout(async () => (code = await runOps(args, { ...OPS_ENV, ...env })));
  return { code, out };
}

const figuresLine = (figures: Awaited<ReturnType<typeof backupFigures>>) => `users ${figures.users}, ledger entries ${figures.ledgerEntries}, bets ${figures.bets}; the books balance`;

describe('backup and restore', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  async function scratchDir(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'shop-backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  async function expectRestoredLike(restored: DatabaseHandle, source: Awaited<ReturnType<typeof backupFigures>>) {
    await expectLedgerBalanced(restored);
    const figures = await backupFigures(restored.db);
    expect({ users: figures.users, ledgerEntries: figures.ledgerEntries, bets: figures.bets }).toEqual({ users: source.users, ledgerEntries: source.ledgerEntries, bets: source.bets });
  }

  it.runIf(hasPostgres)('PostgreSQL: pg_dump while the server runs, pg_restore into a new database, the books and counts as the source', async () => {
    const app: FastifyInstance = await createPostgresTestApp({ DATABASE_POOL_SIZE: '4' });
    cleanups.push(() => app.close());
    await playersWithDiceBets(app, 3, 10);
    const source = await backupFigures(app.db);
    expect(source.bets).toBe(30);
    const sourceUrl = app.config.database.kind === 'postgres' ? app.config.database.url : '';
    const file = path.join(await scratchDir(), 'shop.dump');

    const backup = await ops(['backup', '--to', file], { DATABASE_URL: sourceUrl });
    expect(backup.code).toBe(0);
    expect(backup.out).toContain(figuresLine(source));

    // A restore over a database with tables is refused and leaves it alone.
    expect((await ops(['restore', '--from', file], { DATABASE_URL: sourceUrl })).code).toBe(1);

    const target = await createScratchDatabase('shop_restore');
    cleanups.push(() => target.drop());
    const restore = await ops(['restore', '--from', file], { DATABASE_URL: target.url.toString() });
    expect(restore.code).toBe(0);
    expect(restore.out).toContain(figuresLine(source));
    const restored = await openDatabase({ kind: 'postgres', url: target.url.toString(), poolSize: 2 });
    try {
      await expectRestoredLike(restored, source);
    } finally {
      await restored.close();
    }
    // The restored database serves: a node starts on it (no migration left to run) and takes a bet.
    const served = await buildApp(testConfig({ DATABASE_URL: target.url.toString(), DATABASE_POOL_SIZE: '2' }), { seed: false });
    try {
      await playersWithDiceBets(served, 1, 1);
      await expectLedgerBalanced(served);
    } finally {
      await served.close();
    }
  }, 60_000);

  it.runIf(hasPostgres)('PostgreSQL without the client tools: the command names what to install and writes nothing', async () => {
    // A PATH holding node alone: the machine of an operator who never installed PostgreSQL's tools.
    const bin = await scratchDir();
    await symlink(process.execPath, path.join(bin, 'node'));
    const file = path.join(bin, 'shop.dump');
    const run = spawnSync(path.join(bin, 'node'), ['server/ops/cli.ts', 'backup', '--to', file], { env: { PATH: bin, DATABASE_URL: process.env.TEST_DATABASE_URL!, ...OPS_ENV }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('pg_dump is not on PATH: install PostgreSQL');
    await expect(stat(file)).rejects.toThrow();
  });

  it('PGlite: refused while the server holds the data directory; once stopped, its image restores into a new one', async () => {
    const dir = await scratchDir();
    const dataDir = path.join(dir, 'source');
    // The source starts migrated (the tests' image) so that only the drill is timed.
    await (await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` }, await migratedImage())).close();
    const app = await buildApp(testConfig({ DATA_DIR: dataDir }), { seed: false });
    let closed = false;
    cleanups.push(() => (closed ? Promise.resolve() : app.close()));
    await playersWithDiceBets(app, 2, 10);
    const source = await backupFigures(app.db);
    const file = path.join(dir, 'shop.tar.gz');

    expect((await ops(['backup', '--to', file], { DATA_DIR: dataDir })).code).toBe(1);
    await expect(stat(file)).rejects.toThrow();
    await app.close();
    closed = true;

    const backup = await ops(['backup', '--to', file], { DATA_DIR: dataDir });
    expect(backup.code).toBe(0);
    expect(backup.out).toContain(figuresLine(source));
    // The kinds do not mix: a PGlite image is not restored into PostgreSQL.
    if (hasPostgres) expect((await ops(['restore', '--from', file], { DATABASE_URL: process.env.TEST_DATABASE_URL! })).code).toBe(1);

    const restoredDir = path.join(dir, 'restored');
    const restore = await ops(['restore', '--from', file], { DATA_DIR: restoredDir });
    expect(restore.code).toBe(0);
    expect(restore.out).toContain(figuresLine(source));
    const restored = await openDatabase({ kind: 'pglite', dataDir: `${restoredDir}/pglite` });
    try {
      await expectRestoredLike(restored, source);
    } finally {
      await restored.close();
    }
  }, 60_000);
});
