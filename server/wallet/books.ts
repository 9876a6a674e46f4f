import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// The books' invariants (docs/architecture.md, "Money"): the double-entry ledger sums to zero, every
// player's entries sum to their balance, and no player balance is negative. One definition for the
// tests' `expectLedgerBalanced` (tests/helpers/ledger.ts), the benches' check (bench/dice/groupChecks.ts)
// and the leader's periodic check that the metrics report (server/metrics/ledgerCheck.ts).

export interface BooksState {
  /** The sum of every ledger entry: 0 when the books balance. */
  total: number;
  /** Player accounts whose balance is not the sum of their entries. */
  mismatches: unknown[];
  /** Player accounts below zero. */
  negative: unknown[];
}

/** Reads the whole ledger: a scan of every entry, for a check now and then, never on a request. */
export async function booksState(db: Db): Promise<BooksState> {
  const total = await sql<{ s: string | null }>`select sum(amount)::text as s from ledger_entries`.execute(db);
  const mismatches = await sql`
    select a.id, a.user_id from accounts a left join ledger_entries l on l.account_id = a.id
    where a.kind = 'user' group by a.id, a.balance having a.balance <> coalesce(sum(l.amount), 0)`.execute(db);
  const negative = await sql`select id from accounts where kind = 'user' and balance < 0`.execute(db);
  return { total: Number(total.rows[0]?.s ?? 0), mismatches: mismatches.rows, negative: negative.rows };
}
