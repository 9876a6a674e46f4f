import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';

/**
 * Two nodes of the console's tests on one scratch PostgreSQL database and one Redis (a prefix of
 * their own), made before the describe's tests and closed after them. Call inside a describe.runIf(hasPostgres && hasRedis).
 */
export function twoNodes(name: string): FastifyInstance[] {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  const nodes: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createScratchDatabase(name);
    const env = { DATABASE_URL: database.url.toString(), REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `test-${randomUUID()}:`, LEADER_POLL_MS: '100' };
    for (let i = 0; i < 2; i += 1) nodes.push(await buildApp(testConfig(env), { seed: false }));
  });
  afterAll(async () => {
    for (const node of nodes) await node.close().catch(() => {});
    await database.drop();
  });
  return nodes;
}
