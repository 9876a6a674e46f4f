import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { booksState, type BooksState } from '../../wallet/books.ts';

// What a backup and its restore are compared by: the counts of players, ledger entries and
// journaled bets, and the books' invariants (server/wallet/books.ts). A backup prints them as of
// the snapshot it saved, a restore as of the database it made, so the operator (and the drill's
// test) holds one against the other.

export interface BackupFigures {
  users: number;
  ledgerEntries: number;
  bets: number;
  books: BooksState;
}

const count = async (db: Db, table: 'users' | 'ledger_entries' | 'bets') =>
  Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

export async function backupFigures(db: Db): Promise<BackupFigures> {
  return { users: await count(db, 'users'), ledgerEntries: await count(db, 'ledger_entries'), bets: await count(db, 'bets'), books: await booksState(db) };
}

export const booksBalance = ({ books }: BackupFigures) => books.total === 0 && books.mismatches.length === 0 && books.negative.length === 0;

export function describeFigures(figures: BackupFigures): string {
  const { books } = figures;
  const state = booksBalance(figures) ? 'the books balance' : `THE BOOKS DO NOT BALANCE: ledger sum ${books.total}, ${books.mismatches.length} accounts off their entries, ${books.negative.length} negative`;
  return `users ${figures.users}, ledger entries ${figures.ledgerEntries}, bets ${figures.bets}; ${state}`;
}
