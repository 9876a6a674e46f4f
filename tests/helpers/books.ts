import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';

/**
 * What the books look like, for the tests' `expectLedgerBalanced` (tests/helpers/ledger.ts) and the
 * benches' own check (bench/dice/groupChecks.ts): the double-entry ledger's sum (zero when it
 * balances), the player accounts whose balance is not the sum of their entries, and those below zero.
 */
export async function booksState(db: Db): Promise<{ total: number; mismatches: unknown[]; negative: unknown[] }> {
  const total = await sql<{ s: string | null }>`select sum(amount)::text as s from ledger_entries`.execute(db);
  const mismatches = await sql`
    select a.id, a.user_id from accounts a left join ledger_entries l on l.account_id = a.id
    where a.kind = 'user' group by a.id, a.balance having a.balance <> coalesce(sum(l.amount), 0)`.execute(db);
  const negative = await sql`select id from accounts where kind = 'user' and balance < 0`.execute(db);
  return { total: Number(total.rows[0]?.s ?? 0), mismatches: mismatches.rows, negative: negative.rows };
}
