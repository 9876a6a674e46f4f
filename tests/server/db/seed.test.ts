import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../server/app.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { seed, DEMO_EMAIL } from '../../../server/db/seed.ts';
import { findUserByEmail } from '../../../server/accounts/users.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(testConfig(), { seed: true });
}, 60_000);
afterAll(() => app.close());

async function counts() {
  const tables = ['users', 'accounts', 'ledger_entries'];
  const result: Record<string, number> = {};
  for (const table of tables) {
    const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(app.db);
    result[table] = row.rows[0]!.n;
  }
  return result;
}

describe('demo seed', () => {
  it('creates the demo player with a balance on first start', async () => {
    const demo = await findUserByEmail(app.db, DEMO_EMAIL);
    expect(demo).toBeDefined();
    expect(await app.wallet.balance(demo!.id)).toBeGreaterThan(0);
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    await seed(app);
    await seed(app);
    expect(await counts()).toEqual(before);
  }, 60_000);
});
