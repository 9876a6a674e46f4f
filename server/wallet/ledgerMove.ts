// The wallet's one definition of a balance move in SQL: a conditional update of the player's
// account by whole cents, and for every transfer two ledger rows (the player's, with the balance
// after it, and the house's opposite one) selected FROM the update's result, so an update that
// matched nothing writes no ledger row. wallet.ts (a credit or debit in a transaction),
// and the domains' one-statement settlements (settlements.ts: server/games/bets.ts, server/boxes/openingEffects.ts, server/games/crash/crashCashOut.ts) all build their statements
// from it. The house account's row is never updated (its balance is the sum of its entries).
//
// Every value is an SQL expression given by the caller, valid in the update: a numbered placeholder
// with its cast (`$2::bigint`: the casts pin the parameters' types, which inside UNION ALL would
// otherwise be inferred as text), or a column of the tables it joins (`from`).

export interface LedgerTransfer {
  /** `credit` adds the amount to the player's balance, `debit` takes it; the house's row is the opposite. */
  direction: 'credit' | 'debit';
  /** Positive integer cents (`$2::bigint`, or a column of `from`). */
  amount: string;
  transferId: string;
  reason: string;
  reference: string;
  /** The amount may be 0 (an instant bet's payout on a loss): the transfer's rows are written only when it is positive. */
  mayBeZero?: boolean;
}

export interface LedgerMove {
  /** Tables the update joins (`gate`), if any. */
  from?: string;
  /** Which account row moves, and what it must satisfy (a debit's `accounts.balance >= …`). */
  where: string;
  /** The house account's id. */
  house: string;
  /** In order: each player row's balance_after is the balance once that transfer (and the earlier ones) is applied. */
  transfers: readonly LedgerTransfer[];
}

const signed = (t: LedgerTransfer, i: number, sign: 1 | -1) => ((t.direction === 'credit') === (sign === 1) ? `amount_${i}` : `-amount_${i}`);

/**
 * The CTEs `moved` (the update, returning the account's `id`, `user_id`, new `balance` and
 * `version`, which grows by one with every move: the order of the balances the client is sent) and
 * `entries` (the ledger rows), for a statement's `with`: `with ${ledgerMoveSql(m)} select balance from moved`.
 *
 * Each transfer's values are evaluated once, in the update, and carried to the ledger rows through
 * its RETURNING (`amount_0`, `transfer_0`, …): so they may be parameters (one account moves) or
 * columns of `from` (a batch of instant bets moves many accounts, each by its own amounts and
 * transfer ids, server/games/bets.ts), with one builder for both.
 */
export function ledgerMoveSql(m: LedgerMove): string {
  const change = m.transfers.map((t) => (t.direction === 'credit' ? ` + ${t.amount}` : ` - ${t.amount}`)).join('');
  const carried = m.transfers.map((t, i) => `, ${t.amount} as amount_${i}, ${t.transferId} as transfer_${i}, ${t.reason} as reason_${i}, ${t.reference} as reference_${i}`).join('');
  const rows = m.transfers.flatMap((t, i) => {
    // The balance after this transfer: the new balance without the later ones.
    const after = `balance${m.transfers.slice(i + 1).map((later, j) => (later.direction === 'credit' ? ` - amount_${i + 1 + j}` : ` + amount_${i + 1 + j}`)).join('')}`;
    const when = t.mayBeZero ? ` where amount_${i} > 0` : '';
    return [
      `select transfer_${i}, id, ${signed(t, i, 1)}, ${after}, reason_${i}, reference_${i} from moved${when}`,
      `select transfer_${i}, ${m.house}, ${signed(t, i, -1)}, null, reason_${i}, reference_${i} from moved${when}`,
    ];
  });
  return `moved as (
    update accounts set balance = accounts.balance${change}, version = accounts.version + 1${m.from ? ` from ${m.from}` : ''}
    where ${m.where}
    returning accounts.id, accounts.user_id, accounts.balance, accounts.version${carried}
  ), entries as (
    insert into ledger_entries (transfer_id, account_id, amount, balance_after, reason, reference)
    ${rows.join('\n    union all\n    ')}
  )`;
}

/** The account's new balance and version as a settlement statement returns them (`select balance, version from moved`). */
export function movedBalance(row: { balance: number | string; version: number | string } | undefined): { balance: number; version: number } | null {
  return row ? { balance: Number(row.balance), version: Number(row.version) } : null;
}
