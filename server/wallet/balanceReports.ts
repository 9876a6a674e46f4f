import { AsyncLocalStorage } from 'node:async_hooks';

// The balances a request committed, kept for its answer (server/plugins/balanceHeaders.ts): the
// wallet reports every balance it commits (and the profile the one it reads) here, and the answer
// carries the player's newest one with its version. Outside a request (a round's auto cash-out, a
// payment callback for another player) nothing is kept: the realtime balanceUpdated carries it.

/** A balance as the server sends it: cents and the account's version (one more with every change). */
export interface AccountBalance {
  balance: number;
  version: number;
}

const requestBalances = new AsyncLocalStorage<Map<number, AccountBalance>>();

/** Runs `next` (the rest of the request) with a place for its balances. */
export function withBalanceReports(next: () => void): void {
  requestBalances.run(new Map(), next);
}

/** Keeps the player's balance for the current request's answer, when it is newer than the one kept. */
export function reportBalance(userId: number, balance: AccountBalance): void {
  const kept = requestBalances.getStore();
  if (!kept) return;
  const before = kept.get(userId);
  if (!before || balance.version > before.version) kept.set(userId, balance);
}

/** The player's newest balance the current request reported, if any. */
export function reportedBalance(userId: number): AccountBalance | undefined {
  return requestBalances.getStore()?.get(userId);
}
