import { Kysely, PostgresDialect, sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type Pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { createPglitePool } from './pglitePool.ts';
import { namingPool } from './preparedStatements.ts';
import { lockEmbeddedDatabase } from './embeddedLock.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Prepares the registered settlements on every pooled connection (preparedStatements.ts); PGlite has nothing to warm. */
  warm(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other databases from (tests' migrated image). */
  image?(): Promise<Blob>;
  /** PGlite only: the instance itself (bench/dice/embedded.ts sends the settlement to it directly, its reference). */
  pglite?: PGlite;
  /** PostgreSQL only: the pool's connections (the metrics' gauge); PGlite has no pool. */
  poolUse?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

// int8 (bigint) columns hold cents; they stay far below 2^53, so both drivers return numbers.
const INT8 = 20;

/** node-postgres's type parsers with int8 as a number: for the pool here and the settlement thread's connections (settlementConnection.ts). */
export function postgresTypes(driver: typeof Pg) {
  return { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === INT8 ? Number : driver.types.getTypeParser(oid, format ?? 'text')) };
}

/** The configuration's database; PGlite's buffer pool is PostgreSQL's default when not given. */
export type DatabaseOptions = Exclude<Config['database'], { kind: 'pglite' }> | { kind: 'pglite'; dataDir: string; sharedBuffers?: string };

/** `image`: PGlite only, start from this data directory (DatabaseHandle.image) instead of an empty one. */
export async function openDatabase(options: DatabaseOptions, image?: Blob): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pg = await import('pg');
    const types = postgresTypes(pg.default);
    // `min` = `max`: a connection once opened stays open. The default closes idle ones after 10 s,
    // and a burst after a quiet spell (a crash round's cash-outs after its betting window) then
    // paid for a new PostgreSQL backend per request: bench/crash measured 20 ms per query that way.
    const pool = new pg.default.Pool({ connectionString: options.url, max: options.poolSize, min: options.poolSize, types: types as never });
    // An idle client can lose its connection (server restart, failover); the pool replaces it.
    // Without a listener that error would crash the process.
    pool.on('error', (error) => console.warn(`postgres idle client error: ${error.message}`));
    // The hottest settlements go as named prepared statements (preparedStatements.ts).
    const naming = namingPool(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: naming }) });
    await sql`select 1`.execute(db);
    const poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'postgres', warm: () => naming.warm(options.poolSize), poolUse, close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let unlock = () => {};
  if (options.dataDir !== 'memory://') {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(options.dataDir, { recursive: true });
    // One process at a time on disk (embeddedLock.ts): refused here, before PGlite touches the files.
    unlock = lockEmbeddedDatabase(options.dataDir);
  }
  let pg: PGlite;
  try {
    // PostgreSQL touches its whole buffer pool as it starts: with 128MB a quarter of the processor a
    // start from an image takes (the tests, which start hundreds, run with 16MB; README, PGLITE_SHARED_BUFFERS).
    const startParams = options.sharedBuffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] : undefined;
    pg = await PGlite.create(options.dataDir, { parsers: { [INT8]: (value: string) => Number(value) }, ...(startParams ? { startParams } : {}), ...(image ? { loadDataDir: image } : {}) });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPglitePool(pg) as never }) });
  const close = async () => {
    try {
      await db.destroy();
    } finally {
      unlock();
    }
  };
  return { db, kind: 'pglite', warm: async () => {}, image: () => pg.dumpDataDir('none'), pglite: pg, close };
}
