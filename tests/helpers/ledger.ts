import type { Db } from '../../server/db/database.ts';
import { expect } from 'vitest';
import { booksState } from './books.ts';

/**
 * The books balance: the double-entry ledger sums to zero, every player's entries sum to their
 * balance, and no player balance is negative.
 */
export async function expectLedgerBalanced(app: { db: Db }): Promise<void> {
  const books = await booksState(app.db);
  expect(books.total).toBe(0);
  expect(books.mismatches).toEqual([]);
  expect(books.negative).toEqual([]);
}
