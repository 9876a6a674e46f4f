import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createMigratedScratchDatabase } from './scratchDatabase.ts';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import type { Db } from '../../server/db/database.ts';
import type { Wallet } from '../../server/wallet/wallet.ts';
import { migratedImage } from './pgliteImage.ts';
import { testConfig } from './testConfig.ts';
import { createUser } from '../../server/accounts/users.ts';
import { issueAccessToken } from '../../server/accounts/tokens.ts';
import type { KycLevel } from '../../server/kyc/schema.ts';

/**
 * buildApp for tests: an in-memory PGlite starts from the migrated image (pgliteImage.ts) instead
 * of running initdb and every migration again; PostgreSQL and on-disk data are built as given.
 */
export async function buildTestApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const inMemory = config.database.kind === 'pglite' && config.database.dataDir === 'memory://';
  return buildApp(config, inMemory ? { databaseImage: await migratedImage(), ...options } : options);
}

/** An app on an in-memory PGlite: fast, private to the test file. */
export async function createTestApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildTestApp(testConfig(env), { seed: false });
}

/**
 * An app on a fresh database of the PostgreSQL server at TEST_DATABASE_URL (concurrency
 * tests: PGlite is one connection and cannot show races), copied from the migrated template
 * (scratchDatabase.ts). The database is dropped on close.
 */
export async function createPostgresTestApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const database = await createMigratedScratchDatabase('shop_test');
  const app = await buildApp(testConfig({ DATABASE_URL: database.url.toString(), DATABASE_POOL_SIZE: '30', ...env }), { seed: false });
  // Drop the database only after the app (and its pool) has closed.
  const close = app.close.bind(app);
  const closeAndDrop = async () => {
    await close();
    await database.drop();
  };
  return Object.assign(app, { close: closeAndDrop }) as FastifyInstance;
}

export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const hasRedis = Boolean(process.env.TEST_REDIS_URL);

let counter = 0;
/** What making a player uses: a test app, or the services of a domain test (testServices.ts). */
export interface PlayerServices {
  db: Db;
  wallet: Wallet;
  config: Pick<Config, 'oauth'>;
}

/**
 * A player with a wallet (and optionally a balance in cents) plus a bearer token. `deposited`
 * credits that many cents as a deposit (free loot and withdrawals need one: server/security/eligibility.ts).
 * `kycLevel` is the player's verified identity level (docs/kyc.md); 2 has no withdrawal limit, for
 * tests that ship randomly opened items (a Console Wars opening may be the 1,999-coin graphics card,
 * past the 1,000.00 an unverified player may withdraw in 30 days).
 */
export async function createPlayer(app: PlayerServices, options: { balance?: number; deposited?: number; name?: string; verified?: boolean; kycLevel?: KycLevel } = {}) {
  counter += 1;
  const email = `player${counter}-${randomUUID().slice(0, 8)}@example.com`;
  const id = await createUser(app.db, app.wallet, { name: options.name ?? `Player${counter}`, email, passwordHash: null, verified: options.verified ?? true });
  if (options.balance) {
    await app.wallet.transaction((tx) => tx.credit({ userId: id, amount: options.balance!, reason: 'test_grant' }));
  }
  if (options.deposited) {
    await app.wallet.transaction((tx) => tx.credit({ userId: id, amount: options.deposited!, reason: 'deposit', reference: 'test' }));
  }
  if (options.kycLevel !== undefined) await app.db.insertInto('kyc_profiles').values({ user_id: id, level: options.kycLevel }).execute();
  const { token } = await issueAccessToken(app.db, id, app.config.oauth.clientId, 3600);
  return { id, email, token, headers: { authorization: `Bearer ${token}` } };
}
