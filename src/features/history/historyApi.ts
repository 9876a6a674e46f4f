import { call, callResponse } from '../../api/call.ts';
import { betHistory, betHistoryCsv, ledgerHistory, ledgerHistoryCsv } from '../../../core/protocol/routes/player.ts';
import type { BetHistoryPage, LedgerPage } from '../../../core/protocol/history.ts';

// The history page's calls. Filters go as query values; empty ones are left out. The CSV is fetched
// through the api instance (it carries the bearer token, which a plain link could not) and saved
// from a Blob under the name the server gives it.

export type HistoryTab = 'bets' | 'ledger';

export interface HistoryFilters {
  /** The game (bets) or the kind (ledger); '' for all. */
  filter: string;
  from: string;
  to: string;
}

const LISTS = { bets: betHistory, ledger: ledgerHistory } as const;
const CSVS = { bets: betHistoryCsv, ledger: ledgerHistoryCsv } as const;

function queryOf(tab: HistoryTab, f: HistoryFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.filter) q[tab === 'bets' ? 'game' : 'kind'] = f.filter;
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  return q;
}

export async function fetchHistory<T extends HistoryTab>(tab: T, f: HistoryFilters, page: number): Promise<T extends 'bets' ? BetHistoryPage : LedgerPage> {
  const answer = await call(LISTS[tab] as typeof betHistory, { query: { ...queryOf(tab, f), page } });
  return answer as unknown as T extends 'bets' ? BetHistoryPage : LedgerPage;
}

/** Downloads the filtered list as the server's CSV file. */
export async function downloadHistoryCsv(tab: HistoryTab, f: HistoryFilters): Promise<void> {
  const res = await callResponse(CSVS[tab] as typeof betHistoryCsv, { query: queryOf(tab, f) }, { headers: { Accept: 'text/csv' } });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${tab}.csv`;
  const url = URL.createObjectURL(res.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; free it once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
