import type { BatchSizes } from '../db/groupCommit.ts';
import type { AccountBalance } from './balanceReports.ts';

// What a domain hands the wallet to settle its play in ONE statement (an instant bet's, a box
// opening's, a crash cash-out's): the domain builds the statement — its gate, its own rows (bet
// rows, inventory and drops, round bets, the bets journal) and its money through the wallet's
// ledger move (ledgerMove.ts) — and the wallet only runs it: by name (server/db/preparedStatements.ts),
// alone or with the others that arrive together (group commit, server/db/groupCommit.ts), and
// announces the balance it committed. So the wallet imports no domain: each domain's effects live
// in its own module (server/games/bets.ts, server/boxes/openingEffects.ts,
// server/games/crash/crashCashOut.ts) and server/services.ts registers them with the wallet
// (tests/architecture/walletImports.test.ts keeps it so).

/**
 * What the statement's gate also requires of a player, supplied by the composition root so that
 * neither wallet nor domain knows of it (the accounts area's live-token check,
 * server/accounts/settlementGuard.ts): a table joined on the player (`a.user_id`, `a` the player's
 * account) and a condition on it with one value, whose SQL expression the statement passes in.
 */
export interface SettlementGuard {
  join: string;
  condition(value: string): string;
}

/** How many batch statements may be out at once, and the most items in one (groupCommit.ts). */
export interface BatchLimits {
  inFlight: number;
  maxSize: number;
}

/**
 * A domain's one-statement settlement. `I` is an item as the domain gives it, `R` its checked row of
 * parameters, `Row` a row the statement answers, `O` what a settled player gets (its balance at least).
 */
export interface SettlementEffects<I extends { userId: number }, R, Row, O extends AccountBalance> {
  /** For the logs and errors: which settlement this is. */
  name: string;
  /**
   * The statement: plain text with numbered parameters (the benches send the very same text), from
   * the guard and the stake gate's condition on the player's account `a` (wallet.ts, StakeGate).
   */
  statement(guard: SettlementGuard, stakeCondition: string): string;
  /** Parameters with which the statement matches nothing and writes nothing: for warming a connection. */
  inertValues: readonly unknown[];
  /** The item's row; throws for a value the statement would refuse, so the item fails alone before it joins a batch. */
  row(item: I): R;
  /** The statement's parameters for rows of different players, with the house account's id. */
  values(houseAccountId: number, rows: readonly R[]): unknown[];
  /** What each settled player got, by player; a player missing was refused by the gate and nothing was written for it. */
  settled(rows: readonly Row[]): Map<number, O>;
  /** The ledger reason of the item's money: the name of its fault points (server/faultPoints.ts). */
  reason(item: I): string;
  /** Items that arrive together go in one statement (group commit) within these limits; absent, each item is its own statement. */
  batches?: BatchLimits;
  /**
   * The fault point `moved:<reason>` passed before the item goes out (a kill there is a kill before
   * the commit): for a settlement whose long way is a wallet transaction that passes it too.
   */
  movedPointBefore?: boolean;
  /**
   * The stakes the item's statement writes into the bets journal, each told to `note` once it has
   * committed (the wallet's `PlayObserver`: the shop's metrics). A callback rather than a list, so
   * that a settled bet allocates nothing for it. Absent: the statement journals no new stake.
   */
  played?(item: I, note: (game: string, stakeCents: number) => void): void;
}

/**
 * How a registered settlement's items go out (wallet.ts: in batches or one by one on this thread's
 * pool; settlementThread.ts: in batches in the settlement thread): each item's answer, null when
 * nothing was written for it, and the batches' sizes since the last call.
 */
export interface SettlementRunner {
  send(item: { userId: number; row: unknown }): Promise<AccountBalance | null>;
  sizes(): BatchSizes;
}

/**
 * Who hears of what the wallet committed, besides the player's channel (server/metrics/: the
 * Prometheus counters and histograms). Told after the commit, never of a rolled-back transaction.
 */
export interface PlayObserver {
  /** One stake recorded in the bets journal: its game and cents (a free box: 0). */
  played(game: string, stakeCents: number): void;
  /** One batch statement of a group-settled kind (groupCommit.ts): how many items, and how long it took. */
  batch(settlement: string, size: number, seconds: number): void;
}

// The wallet holds settlements of every item type in one registry: the domain's types stay the domain's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySettlementEffects = SettlementEffects<any, any, any, any>;
