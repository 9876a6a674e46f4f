import { sql, type RawBuilder } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import { LEDGER_REASONS, ledgerReasonKind, ledgerReasonLabel, reasonsOfKind, type LedgerKind, type LedgerRow } from '../../core/protocol/history.ts';
import type { Db } from '../db/database.ts';
import { dayRange, type DayRange } from './dayRange.ts';

// Every movement of one player's balance, newest first, straight from the ledger: the wallet
// writes each with the balance right after it (balance_after), so no running sum is computed.
// The list walks the ledger's (account, id) index; the CSV export resumes after the last id.

export interface LedgerFilter extends DayRange {
  userId: number;
  kind?: LedgerKind;
}

function conditions(f: LedgerFilter): RawBuilder<unknown>[] {
  const out = dayRange(sql.ref('e.created_at'), f);
  if (f.kind === 'other') out.push(sql`e.reason not in (${sql.join(Object.keys(LEDGER_REASONS))})`);
  else if (f.kind) out.push(sql`e.reason in (${sql.join(reasonsOfKind(f.kind))})`);
  return out;
}

/** The player's own account; the ledger is read by account so the (account_id, id) index serves it. */
function playerAccount(userId: number) {
  return sql`(select a.id from accounts a where a.user_id = ${userId})`;
}

function where(f: LedgerFilter, beforeId?: number) {
  const all = [sql`e.account_id = ${playerAccount(f.userId)}`, ...conditions(f)];
  if (beforeId !== undefined) all.push(sql`e.id < ${beforeId}`);
  return sql.join(all, sql` and `);
}

export function countLedgerQuery(f: LedgerFilter) {
  return sql<{ n: number }>`select count(*)::int as n from ledger_entries e where ${where(f)}`;
}

export async function countLedger(db: Db, f: LedgerFilter): Promise<number> {
  const { rows } = await countLedgerQuery(f).execute(db);
  return Number(rows[0]?.n ?? 0);
}

interface StoredEntry {
  id: number;
  created_at: Date;
  amount: number;
  balance_after: number | null;
  reason: string;
  reference: string | null;
}

/** The statement of a page of movements (the plan test explains it on PostgreSQL). */
export function ledgerPageQuery(f: LedgerFilter, page: { limit: number; offset?: number; beforeId?: number }) {
  return sql<StoredEntry>`select e.id, e.created_at, e.amount, e.balance_after, e.reason, e.reference from ledger_entries e
    where ${where(f, page.beforeId)} order by e.id desc limit ${page.limit} offset ${page.offset ?? 0}`;
}

/** A page of movements, newest first: from `offset`, or before the id `beforeId` (the export's next chunk). */
export async function listLedger(db: Db, f: LedgerFilter, page: { limit: number; offset?: number; beforeId?: number }): Promise<LedgerRow[]> {
  const { rows } = await ledgerPageQuery(f, page).execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    created_at: new Date(r.created_at).toISOString(),
    reason: r.reason,
    label: ledgerReasonLabel(r.reason),
    kind: ledgerReasonKind(r.reason),
    amount: centsToCoins(Number(r.amount)),
    balance_after: centsToCoins(Number(r.balance_after ?? 0)),
    reference: r.reference,
  }));
}
