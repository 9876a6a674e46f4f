import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/preparedStatements.ts';
import type { Database } from '../db/schema.ts';
import type { Bus } from '../realtime/bus.ts';
import { userChannel } from '../realtime/bus.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import type { BalanceNotification } from '../../core/protocol/realtime.ts';
import { msgError } from '../http/errors.ts';
import { noFaultPoints, type FaultPoint } from '../faultPoints.ts';
import { instantSettlementInertValues, instantSettlementRow, instantSettlementSql, settleInstantBets, type InstantSettlement, type SettlementGuard } from './instantSettlement.ts';
import { groupCommit } from '../db/groupCommit.ts';
import { roundCashOutInertValues, roundCashOutSql, settleRoundCashOut, type RoundCashOut } from './roundCashOut.ts';
import { reportBalance, type AccountBalance } from './balanceReports.ts';
import { ledgerMoveSql, movedBalance } from './ledgerMove.ts';
import { playRole } from '../../core/games/playReasons.ts';
import { openingSettlementInertValues, openingSettlementRows, openingSettlementSql, settleOpenings, type OpeningSettlement, type SettledOpenings } from './openingSettlement.ts';
import { OPEN_COUNT_SHARDS } from '../boxes/openCounts.ts';

// The only code that changes a balance (with instantSettlement.ts, openingSettlement.ts and
// roundCashOut.ts beside it, which settle the instant bets that arrive together, the box openings
// that arrive together and a player's cash-out of a round bet in one statement each; all four
// build their SQL from ledgerMove.ts). Every change is a conditional update on the player's
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
}

/**
 * What every stake must also pass (the responsible-gaming area's limits and breaks,
 * server/responsible/playGate.ts), supplied by buildApp so that the wallet knows nothing of them.
 */
export interface StakeGate {
  /** Inside the stake's transaction, before its debit (`amount` 0: play without coins); throws the refusal, and nothing moves. */
  check(trx: Trx, userId: number, amount: number): Promise<void>;
  /** The instant bets' one statement lets a bet through only under this condition on the player's account `a` (else it takes the transaction, and `check`). */
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

async function move(trx: Trx, m: Movement, direction: 'credit' | 'debit', house: () => Promise<number>): Promise<AccountBalance> {
  assertAmount(m.amount);
  const values = [m.userId, m.amount, await house(), randomUUID(), m.reason, m.reference ?? null];
  const { rows } = await trx.executeQuery<{ balance: number; version: number }>(CompiledQuery.raw(MOVE_SQL[direction], values));
  const updated = movedBalance(rows[0]);
  if (!updated) {
    if (direction === 'debit') throw new InsufficientFunds();
    throw new Error(`no wallet account for user ${m.userId}`);
  }
  return updated;
}

export interface WalletOptions {
  /** What the one-statement settlements (instant bets, round cash-outs) also check (the accounts area's token guard). */
  settlementGuard: SettlementGuard;
  /** What every stake also passes: limits and breaks. */
  stakeGate: StakeGate;
  /** Test only: crash points after each movement and each commit (server/faultPoints.ts). */
  faultPoint?: FaultPoint;
}

/**
 * How many batch statements of instant bets may be out at once, and the most bets in one
 * (server/db/groupCommit.ts), on PostgreSQL and PGlite alike. Measured with bench/dice (its README,
 * "Group settlement"): on this machine's two cores one statement in flight made batches of about 10
 * bets at 20 players and cost PostgreSQL less per bet than two (about 5.5 bets, more commits) at a
 * lower p99; PGlite runs one statement at a time anyway (batches of about 10 at 10 players). The
 * cost: a batch whose gate waits on a row lock (a player's long-way transaction, a few ms) holds the
 * next batch back for that long.
 * 64 bounds the statement's arrays far above the batches seen (at most the players betting at once).
 */
export const INSTANT_BATCHES = { inFlight: 1, maxSize: 64 } as const;

/**
 * The same for box openings' batch statements (openingSettlement.ts), a group commit of their own:
 * one in flight, taken over from the instant bets' measurement (not measured apart for openings;
 * bench/boxes/README.md prints the batch sizes it gives: 9–14 requests at 20–32 players). A batch
 * holds one request per player, each of up to MAX_OPEN_QUANTITY openings.
 */
export const OPENING_BATCHES = { inFlight: 1, maxSize: 64 } as const;

/** A deadlock or a serialization failure: the batch wrote nothing, and each of its bets can go the long way. */
const isRetryable = (error: unknown) => ['40P01', '40001'].includes((error as { code?: unknown } | null)?.code as string);

/**
 * A group commit of one kind of settlement (groupCommit.ts), one item per player in a batch: each
 * item's answer is what `settle` found for its player, or null when the gate refused it (or the
 * batch hit a deadlock or serialization failure and wrote nothing), and it goes the long way.
 */
function settlementBatches<I extends { userId: number }, O>(limits: { inFlight: number; maxSize: number }, settle: (items: I[]) => Promise<Map<number, O>>) {
  return groupCommit<I, O | null>({
    ...limits,
    key: (item) => item.userId,
    async run(items) {
      const settled = await settle(items);
      return items.map((item) => settled.get(item.userId) ?? null);
    },
    answerFailure: (error) => (isRetryable(error) ? null : undefined),
  });
}

export function createWallet(db: Db, bus: Bus, options: WalletOptions) {
  // The settlements run on every bet, opening and cash-out: sent by name, PostgreSQL parses them once per
  // connection, and a node warms every connection with them before it plays (server/db/preparedStatements.ts).
  const instantStatement = prepared(instantSettlementSql(options.settlementGuard, options.stakeGate.instantCondition), instantSettlementInertValues);
  const cashOutStatement = prepared(roundCashOutSql(options.settlementGuard), roundCashOutInertValues);
  const openingStatement = prepared(openingSettlementSql(options.settlementGuard, options.stakeGate.instantCondition, OPEN_COUNT_SHARDS), openingSettlementInertValues);
  const faultPoint = options.faultPoint ?? noFaultPoints;
  // The house account's id never changes once migrated; read it once per wallet.
  let houseAccountId: number | undefined;
  // The instant bets that arrive together, settled by one statement (group settlement): each bet's
  // answer is its player's new balance, or null (the bet goes the long way).
  const instantBatches = settlementBatches(INSTANT_BATCHES, async (bets: { userId: number; row: unknown[] }[]) => {
    houseAccountId ??= await houseId(db);
    return settleInstantBets(db, instantStatement, houseAccountId, bets.map((bet) => bet.row));
  });
  // The box opening requests that arrive together, likewise (openingSettlement.ts).
  const openingBatches = settlementBatches(OPENING_BATCHES, async (requests: { userId: number; rows: ReturnType<typeof openingSettlementRows> }[]) => {
    houseAccountId ??= await houseId(db);
    return settleOpenings(db, openingStatement, houseAccountId, requests.map((r) => r.rows));
  });
  /** A committed balance: to the player's private channel, and to the answer of the request that made it. */
  function announce(userId: number, committed: AccountBalance): void {
    const notification: BalanceNotification = { type: 'balanceUpdated', current_balance: centsToCoins(committed.balance), version: committed.version };
    bus.publish({ channel: userChannel(userId), event: 'balanceUpdated', data: notification });
    reportBalance(userId, committed);
  }
  function txApi(trx: Trx, changes: Map<number, AccountBalance>, reasons: Set<string>): WalletTx {
    const house = async () => (houseAccountId ??= await houseId(trx));
    const moved = async (m: Movement, direction: 'credit' | 'debit') => {
      const committed = await move(trx, m, direction, house);
      changes.set(m.userId, committed);
      reasons.add(m.reason);
      faultPoint(`moved:${m.reason}`);
      return committed.balance;
    };
    return {
      trx,
      credit: (m) => moved(m, 'credit'),
      async debit(m) {
        // Every game's stake passes here (the stakes of core/games/playReasons.ts): the limits' gate before it.
        // XP is not counted here: it follows the bets journal (migration 1110), which each game writes after its move.
        if (playRole(m.reason) === 'stake') await options.stakeGate.check(trx, m.userId, m.amount);
        return moved(m, 'debit');
      },
      checkPlay: (userId) => options.stakeGate.check(trx, userId, 0),
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
      const result = await db.transaction().execute((trx) => work(txApi(trx, changes, reasons)));
      for (const reason of reasons) faultPoint(`committed:${reason}`);
      for (const [userId, balance] of changes) announce(userId, balance);
      return result;
    },

    /**
     * An instant bet decided beforehand, settled with the others that arrive together in one
     * statement (instantSettlement.ts, groupCommit.ts), answered after that statement's commit.
     * The new balance (announced like a transaction's), or null when nothing was written for it
     * because the balance was short, the seed pair had moved on, the guard refused (a token no
     * longer live) or the stake gate did (a restricted player). A value the statement could not take
     * throws here, for this bet alone, before it joins a batch.
     */
    async settleInstantBet(settlement: InstantSettlement): Promise<number | null> {
      const committed = await instantBatches.add({ userId: settlement.userId, row: instantSettlementRow(settlement) });
      if (committed === null) return null;
      faultPoint(`committed:${settlement.game}_bet`);
      announce(settlement.userId, committed);
      return committed.balance;
    },

    /** The sizes of the instant bets' batches since the last call (bench/dice prints them). */
    instantBatchSizes: () => instantBatches.takeSizes(),

    /**
     * A player's box openings decided beforehand, settled with the other requests that arrive
     * together in one statement (openingSettlement.ts), answered after its commit: the new balance
     * (announced like a transaction's) and each opening's inventory and drop rows, or null when
     * nothing was written (short balance, a moved pair, a dead token, a restricted player). A
     * malformed request throws here, alone, before it joins a batch.
     */
    async settleOpenings(settlement: OpeningSettlement): Promise<SettledOpenings | null> {
      const rows = openingSettlementRows(settlement);
      // The statement has no moment inside a transaction here: its `moved` point is before it goes out (docs/security.md, "Fault points").
      faultPoint(`moved:${settlement.reason}`);
      const settled = await openingBatches.add({ userId: settlement.userId, rows });
      if (settled === null) return null;
      faultPoint(`committed:${settlement.reason}`);
      announce(settlement.userId, { balance: settled.balance, version: settled.version });
      return settled;
    },

    /** The sizes of the box openings' batches (requests per statement) since the last call (bench/boxes prints them). */
    openingBatchSizes: () => openingBatches.takeSizes(),

    /**
     * A player's cash-out of a round bet in one statement (roundCashOut.ts): the new balance
     * (announced like a transaction's), or null when nothing was written (the guard refused too).
     */
    async settleRoundCashOut(cashOut: RoundCashOut): Promise<number | null> {
      houseAccountId ??= await houseId(db);
      const committed = await settleRoundCashOut(db, cashOutStatement, houseAccountId, cashOut);
      if (committed === null) return null;
      faultPoint(`committed:${cashOut.reason}`);
      announce(cashOut.userId, committed);
      return committed.balance;
    },

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

/** Routes turn a short balance into the 422 the client shows. */
export function insufficientFundsError() {
  return msgError(422, 'Insufficient balance');
}
