import type { Db } from '../../server/db/database.ts';
import { sql } from 'kysely';
import { expect } from 'vitest';

/**
 * The books balance: the double-entry ledger sums to zero, every player's entries sum to their
 * balance, and no player balance is negative.
 */
export async function expectLedgerBalanced(app: { db: Db }): Promise<void> {
  const total = await sql<{ s: string | null }>`select sum(amount)::text as s from ledger_entries`.execute(app.db);
  expect(Number(total.rows[0]?.s ?? 0)).toBe(0);
  const mismatches = await sql`
    select a.id from accounts a left join ledger_entries l on l.account_id = a.id
    where a.kind = 'user' group by a.id, a.balance having a.balance <> coalesce(sum(l.amount), 0)`.execute(app.db);
  expect(mismatches.rows).toEqual([]);
  const negative = await sql`select id from accounts where kind = 'user' and balance < 0`.execute(app.db);
  expect(negative.rows).toEqual([]);
}
