import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import { testConfig } from './testConfig.ts';
import { createScratchDatabase } from './scratchDatabase.ts';

/**
 * Server nodes sharing one scratch PostgreSQL database, for the describe block that calls this:
 * the database is created before its tests, every node built by the returned `node(env, clock)`
 * closes after them and the database is dropped.
 */
export function scratchNodes(prefix = 'shop_test'): (env: Record<string, string>, rewardsClock: Clock) => Promise<FastifyInstance> {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createScratchDatabase(prefix);
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    await database.drop();
  });
  return async (env, rewardsClock) => {
    const app = await buildApp(testConfig({ DATABASE_URL: database.url.toString(), ...env }), { seed: false, rewardsClock });
    apps.push(app);
    return app;
  };
}
