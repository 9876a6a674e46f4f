import type { FastifyInstance } from 'fastify';
import { catalogSeedStep } from '../../server/boxes/seedCatalog.ts';

// Shared by the boxes, inventory and shipping suites.

export async function seedCatalog(app: FastifyInstance): Promise<void> {
  await catalogSeedStep.run(app);
}

export { expectLedgerBalanced } from './ledger.ts';

export async function ownedCount(app: FastifyInstance, userId: number): Promise<number> {
  const row = await app.db.selectFrom('inventory_items').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('state', '=', 'owned').executeTakeFirstOrThrow();
  return Number(row.n);
}
