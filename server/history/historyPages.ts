import type { Db } from '../db/database.ts';
import { paged } from '../boxes/paging.ts';
import { HISTORY_PER_PAGE, type HistoryGame, type LedgerKind } from '../../core/protocol/history.ts';
import { countBets, listBets } from './betHistory.ts';
import { countLedger, listLedger } from './ledgerHistory.ts';
import type { DayRange } from './dayRange.ts';

// One page of a player's bets or ledger as both lists answer it: the player's own
// (/api/profile/bets, /api/profile/ledger) and the console's view of any player
// (/api/admin/players/{id}/bets, …/ledger). `path` is the calling route's, for the page links.

export async function betHistoryPage(db: Db, userId: number, query: DayRange & { game?: HistoryGame | undefined; page: number }, path: string) {
  const { page, ...filters } = query;
  const filter = { userId, ...filters };
  const [total, { rows }] = await Promise.all([countBets(db, filter), listBets(db, filter, { limit: HISTORY_PER_PAGE, offset: (page - 1) * HISTORY_PER_PAGE })]);
  return paged(rows, total, { page, perPage: HISTORY_PER_PAGE }, path, filters);
}

export async function ledgerHistoryPage(db: Db, userId: number, query: DayRange & { kind?: LedgerKind | undefined; page: number }, path: string) {
  const { page, ...filters } = query;
  const filter = { userId, ...filters };
  const [total, rows] = await Promise.all([countLedger(db, filter), listLedger(db, filter, { limit: HISTORY_PER_PAGE, offset: (page - 1) * HISTORY_PER_PAGE })]);
  return paged(rows, total, { page, perPage: HISTORY_PER_PAGE }, path, filters);
}
