import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { catalogSeedStep } from '../../server/boxes/seedCatalog.ts';
import type { SeedDeps } from '../../server/db/seedStep.ts';
import { createTestApp } from './testApp.ts';

// Shared by the boxes, inventory and shipping suites.

export async function seedCatalog(app: SeedDeps): Promise<void> {
  await catalogSeedStep.run(app);
}

export { expectLedgerBalanced } from './ledger.ts';

export async function ownedCount(app: FastifyInstance, userId: number): Promise<number> {
  const row = await app.db.selectFrom('inventory_items').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('state', '=', 'owned').executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The file's test app with the catalog: built before its tests and closed after them; read it through `.app`. */
export function catalogAppForFile(): { readonly app: FastifyInstance } {
  const holder: { app?: FastifyInstance } = {};
  beforeAll(async () => {
    holder.app = await createTestApp();
    await seedCatalog(holder.app);
  });
  afterAll(() => holder.app?.close());
  return {
    get app() {
      return holder.app!;
    },
  };
}
