import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { catalogSeedStep } from '../../server/boxes/seedCatalog.ts';

// Shared by the boxes, inventory and shipping suites.

export async function seedCatalog(app: FastifyInstance): Promise<void> {
  await catalogSeedStep.run(app);
}

/** The double-entry ledger sums to zero and every player's entries sum to their balance. */
export async function expectLedgerBalanced(app: FastifyInstance): Promise<void> {
  const total = await sql<{ s: string | null }>`select sum(amount)::text as s from ledger_entries`.execute(app.db);
  expect(Number(total.rows[0]?.s ?? 0)).toBe(0);
  const mismatches = await sql`
    select a.id from accounts a left join ledger_entries l on l.account_id = a.id
    where a.kind = 'user' group by a.id, a.balance having a.balance <> coalesce(sum(l.amount), 0)`.execute(app.db);
  expect(mismatches.rows).toEqual([]);
}

export async function ownedCount(app: FastifyInstance, userId: number): Promise<number> {
  const row = await app.db.selectFrom('inventory_items').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('state', '=', 'owned').executeTakeFirstOrThrow();
  return Number(row.n);
}
