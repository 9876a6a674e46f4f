import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/preparedStatements.ts';
import type { Database } from '../db/schema.ts';
import type { Bus } from '../realtime/bus.ts';
import { userChannel } from '../realtime/bus.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { BALANCE_UPDATED_EVENT, type BalanceNotification } from '../../core/protocol/realtime.ts';
import { msgError } from '../http/errors.ts';
import { noFaultPoints, type FaultPoint } from '../faultPoints.ts';
import { groupCommit, noBatches, type BatchSizes } from '../db/groupCommit.ts';
import type { SettlementThread } from './settlementThread.ts';
import { reportBalance, type AccountBalance } from './balanceReports.ts';
import { ledgerMoveSql, movedBalance } from './ledgerMove.ts';
import type { AnySettlementEffects, BatchLimits, PlayObserver, SettlementEffects, SettlementGuard, SettlementRunner } from './settlements.ts';

// The only code that changes a balance: its own moves here, and the one-statement settlements that
// the domains build (settlements.ts: the instant bets that arrive together, the box openings that
// arrive together, a player's cash-out of a round bet), which it runs; all build their money's SQL
// from ledgerMove.ts. The wallet knows money and group commit, and no game, box or journal. Every change is a conditional update on the player's
// account plus two ledger rows (player and house) in the caller's transaction, so the ledger is
// double-entry: all entries sum to zero, and a player's entries sum to the balance.
// The house account's row is never updated (its balance is the sum of its entries): that keeps a
// single hot row out of every bet.

export type Trx = Transaction<Database>;

export class InsufficientFunds extends Error {
  constructor() {
    super('Insufficient funds');
  }
}

export interface Movement {
  userId: number;
  /** Positive integer cents. */
  amount: number;
  /** What the money is for, e.g. `deposit`, `box_open`, `dice_bet`, `dice_win`. */
  reason: string;
  /** What it refers to, e.g. `invoice:12`, `box:tech-box`. */
  reference?: string;
}

export interface WalletTx {
  trx: Trx;
  credit(movement: Movement): Promise<number>;
  /** Throws InsufficientFunds (and the whole transaction rolls back) when the balance is short. */
  debit(movement: Movement): Promise<number>;
  balance(userId: number): Promise<number>;
  /** The balance with the account row locked until commit: no other change can slip in between. */
  lockedBalance(userId: number): Promise<number>;
  /** Play that stakes no coins (a free box, items staked on an upgrade): refused as a stake would be, without the limits' sums. */
  checkPlay(userId: number): Promise<void>;
  /** A stake the transaction records in the bets journal (server/journal/journal.ts): told to the wallet's observer once it commits. */
  played(game: string, stakeCents: number): void;
}

/**
 * What every stake must also pass (the responsible-gaming area's limits and breaks,
 * server/responsible/playGate.ts), supplied by buildApp so that the wallet knows nothing of them.
 */
export interface StakeGate {
  /** Whether a debit of this ledger reason is a stake (the play reasons' table is the gate's, not the wallet's). */
  isStake(reason: string): boolean;
  /** Inside the stake's transaction, before its debit (`amount` 0: play without coins); throws the refusal, and nothing moves. */
  check(trx: Trx, userId: number, amount: number): Promise<void>;
  /** The one-statement settlements let a player through only under this condition on the player's account `a` (else the long way, and `check`). */
  instantCondition: string;
}

async function houseId(db: Db | Trx): Promise<number> {
  const row = await db.selectFrom('accounts').select('id').where('kind', '=', 'house').executeTakeFirstOrThrow();
  return row.id;
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`wallet amount must be a positive integer of cents, got ${amount}`);
}

// The wallet's own move, one statement and one round trip: the conditional update and both ledger
// rows of the transfer (ledgerMove.ts). $1 user, $2 amount, $3 house account, $4 transfer, $5 reason,
// $6 reference. A debit only happens while the balance covers it (no negative balance, even under races).
const moveSql = (direction: 'credit' | 'debit') => `
  with ${ledgerMoveSql({
    where: `accounts.user_id = $1::bigint${direction === 'debit' ? ' and accounts.balance >= $2::bigint' : ''}`,
    house: '$3::bigint',
    transfers: [{ direction, amount: '$2::bigint', transferId: '$4::uuid', reason: '$5::text', reference: '$6::text' }],
  })}
  select balance, version from moved`;
const MOVE_SQL = { credit: moveSql('credit'), debit: moveSql('debit') } as const;

async function move(trx: Trx, m: Movement, direction: 'credit' | 'debit', house: () => Promise<number>, transferId: string): Promise<AccountBalance> {
  assertAmount(m.amount);
  const values = [m.userId, m.amount, await house(), transferId, m.reason, m.reference ?? null];
  const { rows } = await trx.executeQuery<{ balance: number; version: number }>(CompiledQuery.raw(MOVE_SQL[direction], values));
  const updated = movedBalance(rows[0]);
  if (!updated) {
    if (direction === 'debit') throw new InsufficientFunds();
    throw new Error(`no wallet account for user ${m.userId}`);
  }
  return updated;
}

export interface WalletOptions {
  /** What the one-statement settlements also check (the accounts area's token guard). */
  settlementGuard: SettlementGuard;
  /** What every stake also passes: limits and breaks. */
  stakeGate: StakeGate;
  /**
   * Told of each credit inside its transaction, with the ledger transfer's id (the notifications
   * centre tells the player of the credits that are news: server/notifications/notifications.ts).
   */
  creditNote?: (trx: Trx, movement: Movement, transferId: string) => Promise<void>;
  /**
   * The domains' one-statement settlements (settlements.ts) this wallet runs: registered when it is
   * made, so that each statement is named and warmed before a node plays (server/db/preparedStatements.ts).
   */
  settlements: readonly AnySettlementEffects[];
  /**
   * Where the batched settlements run when not on this thread's pool: a worker thread of their own
   * (settlementThread.ts; the composition root gives one on PostgreSQL).
   */
  settlementThread?: SettlementThread;
  /** Test only: crash points after each movement and each commit (server/faultPoints.ts). */
  faultPoint?: FaultPoint;
  /** Told of each committed stake and each batch statement (the shop's metrics, server/metrics/). */
  observer?: PlayObserver;
}

/** A deadlock or a serialization failure: the batch wrote nothing, and each of its items can go the long way. */
const isRetryable = (error: unknown) => ['40P01', '40001'].includes((error as { code?: unknown } | null)?.code as string);
/** An item's answer when its batch failed: null (the long way) when the batch wrote nothing, else the error. */
const answerRetryable = (error: unknown): null => {
  if (isRetryable(error)) return null;
  throw error;
};

/**
 * A group commit of one kind of settlement (groupCommit.ts), one item per player in a batch: each
 * item's answer is what `settle` found for its player, or null when the gate refused it (or the
 * batch hit a deadlock or serialization failure and wrote nothing), and it goes the long way.
 */
function settlementBatches<I extends { userId: number }, O>(limits: BatchLimits, settle: (items: I[]) => Promise<Map<number, O>>, observe?: (size: number, seconds: number) => void) {
  return groupCommit<I, O | null>({
    ...limits,
    observe,
    key: (item) => item.userId,
    async run(items) {
      const settled = await settle(items);
      return items.map((item) => settled.get(item.userId) ?? null);
    },
    answerFailure: (error) => (isRetryable(error) ? null : undefined),
  });
}


export function createWallet(db: Db, bus: Bus, options: WalletOptions) {
  const faultPoint = options.faultPoint ?? noFaultPoints;
  // The house account's id never changes once migrated; read it once per wallet.
  let houseAccountId: number | undefined;
  const house = async () => (houseAccountId ??= await houseId(db));
  // The settlements run on every bet, opening and cash-out: sent by name, PostgreSQL parses them once per
  // connection, and a node warms every connection with them before it plays (server/db/preparedStatements.ts).
  const runners = new Map<AnySettlementEffects, SettlementRunner>();
  const { observer, settlementThread } = options;
  for (const effects of options.settlements) {
    const text = effects.statement(options.settlementGuard, options.stakeGate.instantCondition);
    const observe = observer && ((size: number, seconds: number) => observer.batch(effects.name, size, seconds));
    if (effects.batches && settlementThread) {
      // The same batches in the settlement thread, which names and warms the statement on its own
      // connections: a batch that wrote nothing for a deadlock answers null there too.
      const lane = settlementThread.lane(effects, text, house, observe);
      runners.set(effects, { send: (item) => lane.send(item).catch(answerRetryable), sizes: lane.sizes });
      continue;
    }
    const statement = prepared(text, effects.inertValues);
    const run = async (rows: readonly unknown[]) => {
      const { rows: answered } = await db.executeQuery(CompiledQuery.raw(statement, effects.values(await house(), rows)));
      return effects.settled(answered) as Map<number, AccountBalance>;
    };
    if (effects.batches) {
      // The items that arrive together, settled by one statement (group settlement): each item's
      // answer is what its player got, or null (the item goes the long way).
      const batches = settlementBatches(effects.batches, (items: { userId: number; row: unknown }[]) => run(items.map((item) => item.row)), observe);
      runners.set(effects, { send: (item) => batches.add(item), sizes: () => batches.takeSizes() });
    } else {
      runners.set(effects, { send: async (item) => (await run([item.row])).get(item.userId) ?? null, sizes: noBatches });
    }
  }
  const runnerOf = (effects: AnySettlementEffects) => {
    const runner = runners.get(effects);
    if (!runner) throw new Error(`the settlement ${effects.name} is not registered with the wallet (server/services.ts)`);
    return runner;
  };
  /** A committed balance: to the player's private channel, and to the answer of the request that made it. */
  function announce(userId: number, committed: AccountBalance): void {
    bus.publish({ channel: userChannel(userId), event: BALANCE_UPDATED_EVENT, data: balanceUpdate(committed) });
    reportBalance(userId, committed);
  }
  // Made once: a settled item tells its stakes through it without a closure of its own.
  const notePlayed = (game: string, stakeCents: number) => options.observer?.played(game, stakeCents);
  function txApi(trx: Trx, changes: Map<number, AccountBalance>, reasons: Set<string>, plays: Array<[string, number]>): WalletTx {
    const house = async () => (houseAccountId ??= await houseId(trx));
    const moved = async (m: Movement, direction: 'credit' | 'debit') => {
      const transferId = randomUUID();
      const committed = await move(trx, m, direction, house, transferId);
      changes.set(m.userId, committed);
      reasons.add(m.reason);
      if (direction === 'credit') await options.creditNote?.(trx, m, transferId);
      faultPoint(`moved:${m.reason}`);
      return committed.balance;
    };
    return {
      trx,
      credit: (m) => moved(m, 'credit'),
      async debit(m) {
        // Every game's stake passes here (the stake gate knows which reasons are stakes): the limits' gate before it.
        // XP is not counted here: it follows the bets journal (migration 1110), which each game writes after its move.
        if (options.stakeGate.isStake(m.reason)) await options.stakeGate.check(trx, m.userId, m.amount);
        return moved(m, 'debit');
      },
      checkPlay: (userId) => options.stakeGate.check(trx, userId, 0),
      played: (game, stakeCents) => {
        plays.push([game, stakeCents]);
      },
      async balance(userId) {
        const row = await trx.selectFrom('accounts').select('balance').where('user_id', '=', userId).executeTakeFirstOrThrow();
        return row.balance;
      },
      async lockedBalance(userId) {
        const row = await trx.selectFrom('accounts').select('balance').where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
        return row.balance;
      },
    };
  }

  return {
    /**
     * Runs `work` in one database transaction. After it commits, every balance it changed is
     * announced on the bus as `balanceUpdated` for that player's private channel.
     */
    async transaction<T>(work: (tx: WalletTx) => Promise<T>): Promise<T> {
      const changes = new Map<number, AccountBalance>();
      const reasons = new Set<string>();
      const plays: Array<[string, number]> = [];
      const result = await db.transaction().execute((trx) => work(txApi(trx, changes, reasons, plays)));
      for (const reason of reasons) faultPoint(`committed:${reason}`);
      for (const [game, stakeCents] of plays) notePlayed(game, stakeCents);
      for (const [userId, balance] of changes) announce(userId, balance);
      return result;
    },

    /**
     * A domain's play decided beforehand, settled by its one statement (settlements.ts), with the
     * others that arrive together when the settlement goes in batches, answered after that
     * statement's commit: what the player got, its new balance announced like a transaction's, or
     * null when nothing was written for it (the gate refused: a short balance, a moved seed pair, a
     * dead token, a restricted player, a bet no longer open…), and the caller goes the long way. A
     * value the statement could not take throws here, for this item alone, before it joins a batch.
     */
    async settle<I extends { userId: number }, R, Row, O extends AccountBalance>(effects: SettlementEffects<I, R, Row, O>, item: I): Promise<O | null> {
      const runner = runnerOf(effects);
      const reason = effects.reason(item);
      const row = effects.row(item);
      // Such a statement has no moment inside a transaction here: its `moved` point is before it goes out (docs/security.md, "Fault points").
      if (effects.movedPointBefore) faultPoint(`moved:${reason}`);
      const settled = (await runner.send({ userId: item.userId, row })) as O | null;
      if (settled === null) return null;
      faultPoint(`committed:${reason}`);
      effects.played?.(item, notePlayed);
      announce(item.userId, { balance: settled.balance, version: settled.version });
      return settled;
    },

    /** The sizes of a batched settlement's batches since the last call (bench/dice and bench/boxes print them). */
    batchSizes: (effects: AnySettlementEffects): BatchSizes => runnerOf(effects).sizes(),

    /** Creates the player's account; call inside the transaction that creates the user. */
    async openAccount(trx: Trx, userId: number): Promise<void> {
      await trx.insertInto('accounts').values({ kind: 'user', user_id: userId }).execute();
    },

    async balance(userId: number): Promise<number> {
      const row = await db.selectFrom('accounts').select('balance').where('user_id', '=', userId).executeTakeFirst();
      return row?.balance ?? 0;
    },

    /** The player's balance and its version, kept for the request's answer too (server/plugins/balanceHeaders.ts). */
    async account(userId: number): Promise<AccountBalance> {
      const row = await db.selectFrom('accounts').select(['balance', 'version']).where('user_id', '=', userId).executeTakeFirst();
      const current = { balance: Number(row?.balance ?? 0), version: Number(row?.version ?? 0) };
      reportBalance(userId, current);
      return current;
    },
  };
}

export type Wallet = ReturnType<typeof createWallet>;

/** What `balanceUpdated` on the player's private channel says of a balance. */
export function balanceUpdate(balance: AccountBalance): BalanceNotification {
  return { type: 'balanceUpdated', current_balance: centsToCoins(balance.balance), version: balance.version };
}

/** Routes turn a short balance into the 422 the client shows. */
export function insufficientFundsError() {
  return msgError(422, 'Insufficient balance');
}
