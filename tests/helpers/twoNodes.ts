import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import { testConfig } from './testConfig.ts';
import { createScratchDatabase } from './scratchDatabase.ts';
import { createPostgresTestApp } from './testApp.ts';

/**
 * Two nodes on one scratch PostgreSQL database and one Redis (a prefix of their own), made before
 * the describe's tests and closed after them, each with `env` and `options` on top (e.g. a clock
 * both share). Call inside a describe.runIf(hasPostgres && hasRedis).
 */
export function twoNodes(name: string, env: Record<string, string> = {}, options: BuildOptions = {}): FastifyInstance[] {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  const nodes: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createScratchDatabase(name);
    const shared = { DATABASE_URL: database.url.toString(), REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `test-${randomUUID()}:`, LEADER_POLL_MS: '100', ...env };
    for (let i = 0; i < 2; i += 1) nodes.push(await buildApp(testConfig(shared), { seed: false, ...options }));
  });
  afterAll(async () => {
    for (const node of nodes) await node.close().catch(() => {});
    await database.drop();
  });
  return nodes;
}

/**
 * Each process's pool: a node opens its whole pool at start (server/db/preparedStatements.ts warms
 * every connection), and two such files running side by side (Vitest's two workers) must stay under
 * PostgreSQL's 100 connections beside the other files' apps: 4 × 30 was "too many clients already".
 */
const POOL = '15';

/**
 * Two server processes on one scratch PostgreSQL database without Redis (each its own bus): for the
 * settlements' races, where only the database is shared. `prepare` runs on the first before the
 * second starts (e.g. the catalog); `take` gets both before the describe's tests, which close them
 * after. Call inside a describe.runIf(hasPostgres).
 */
export function twoProcessesOnPostgres(take: (first: FastifyInstance, second: FastifyInstance) => void, prepare?: (first: FastifyInstance) => Promise<void>): void {
  const nodes: FastifyInstance[] = [];
  beforeAll(async () => {
    const first = await createPostgresTestApp({ DATABASE_POOL_SIZE: POOL });
    nodes.push(first);
    if (first.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    await prepare?.(first);
    nodes.push(await buildApp(testConfig({ DATABASE_URL: first.config.database.url, DATABASE_POOL_SIZE: POOL }), { seed: false }));
    take(nodes[0]!, nodes[1]!);
  });
  afterAll(async () => {
    // The second first: the first drops the database when it closes.
    for (const node of nodes.reverse()) await node.close();
  });
}
