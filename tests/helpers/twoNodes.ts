import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import { testConfig } from './testConfig.ts';
import { createScratchDatabase } from './scratchDatabase.ts';

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
