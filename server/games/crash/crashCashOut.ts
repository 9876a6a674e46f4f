import type { SettledLink } from '../../journal/betLinks.ts';
import { randomUUID } from 'node:crypto';
import { crashBetTarget, crashCashOutValue, crashPayout, crashPointHundredths, crashRoundCap, type CrashLimits, type CrashSettlement } from '../../../core/games/crash.ts';
import { hundredthsToMultiplier } from '../../../core/games/multiplier.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { CRASH_MESSAGES, type CrashCloseBetAnswer } from '../../../core/protocol/crash.ts';
import type { CrashCashOut } from '../../../core/protocol/realtime.ts';
import type { Db } from '../../db/database.ts';
import { msgError } from '../../http/errors.ts';
import { journalRoundBetsClosed } from '../../journal/journal.ts';
import type { SettlementPlayer } from '../../plugins/auth.ts';
import type { AccountBalance } from '../../wallet/balanceReports.ts';
import { ledgerMoveSql } from '../../wallet/ledgerMove.ts';
import type { SettlementEffects, SettlementGuard } from '../../wallet/settlements.ts';
import type { Trx, Wallet, WalletTx } from '../../wallet/wallet.ts';
import { roundCounters } from '../rounds/roundBets.ts';
import { ms, type RoundRow } from '../rounds/roundLoop.ts';
import type { KnownBets } from './knownBets.ts';

// Every way a crash bet is cashed out, side by side, the wallet doing only the money:
// - a player's own cash-out (closeBet), valued at the server's time of receipt: the quick way, one
//   statement (roundCashOutSettlement below), and when that writes nothing or the round is near its
//   cap the locked way (closeBetLocked: a wallet transaction with the round row locked, valued from
//   the bets' sums);
// - the server's cash-outs on the leader's tick (serverCashOuts): a bet's own target (its auto
//   cash-out or the bet cap) and the round's cap, a group of bets in one wallet transaction.
// Every one of them takes its locks in the order bet → account → round, so none waits on another
// in a circle, and writes the same rows: the round bet closed, the credit (crash_win) and the bet's
// journal row settled (journalRoundBetsClosed, or the statement's own `journal`).
//
// The quick way: a player's own cash-out in ONE statement (the wallet runs it,
// server/wallet/settlements.ts), as server/games/bets.ts is for instant bets: the bet and its journal
// row (table `bets`) leave `open` and the player is credited (balance plus the two ledger rows, the
// wallet's one ledger move: server/wallet/ledgerMove.ts), all or nothing, committed at once.
//
// Why one statement, and why it does not write the round row: every cash-out of a round would
// otherwise update the same row, and a row updated by a statement stays locked until its commit
// (its WAL flush), so the round's cash-outs took turns, one commit after another; on a busy
// machine each turn stretched (bench/crash: 300 cash-outs in one second answered after seconds).
// Here the round row is only share-locked (many cash-outs at once; the leader's end of the round
// waits for them, and they for it), and the round's counters are not moved: while a round flies its
// truth is its bets (roundCounters in server/games/rounds/roundBets.ts), and the leader writes the
// counters from them when the round ends.
//
// The round's payout cap without the counters: this way is taken only while `value × wagered`, the
// most the round could owe if every bet were cashed out now, is within the cap. Earlier cash-outs
// were valued lower and later ones cannot be valued higher than the multiplier of their time, so the
// round's liability stays within the cap whatever the order. Above that line (a round whose stakes
// come near its cap) the locked way settles it, one at a time, from the bets' sums.
//
// The `gate` locks the bet and the player's account, share-locks the round, in the order of the
// leader's settlement (bet → account → round, so neither waits on the other in a circle), and lets
// the cash-out through only while the bet is open, the round flies, the value is under that line
// and the caller's guard holds (the accounts area's: the request's bearer token is still live and the
// player's, so the route needs no separate token lookup: one round trip less per cash-out), all
// re-checked on the newest row versions after a wait, under READ COMMITTED. Every write hangs off
// the gate: an empty gate writes nothing, and the cash-out is decided again the locked way.

export interface RoundCashOut {
  userId: number;
  betId: number;
  roundId: number;
  /** The bet's stake in cents, as it was priced from: the gate requires the bet's to be the same. */
  amount: number;
  /** The multiplier it is valued at, in hundredths. */
  value: number;
  /** Cents, positive. */
  payout: number;
  /** The round's payout cap in cents: this way settles only while value × wagered is within it. */
  maxRoundPaid: number;
  /** Ledger reason of the credit, e.g. `crash_win`. */
  reason: string;
  settledAt: Date;
  /** The value the guard's condition checks ($12): for the bearer-token guard, the token's SHA-256. */
  guardValue: string;
}

// $1 bet, $2 user, $3 round, $4 round cap, $5 value (hundredths), $6 payout, $7 settled at,
// $8 transfer, $9 house account, $10 reason, $11 reference, $12 the guard's value, $13 the stake priced.
// The multiplier stored is $5 itself in hundredths (core's hundredthsToMultiplier in SQL): the one
// number the gate checked, never a second parameter that could say otherwise.
export const roundCashOutSql = (guard: SettlementGuard) => `
  with gate as (
    select b.id as bet_id, b.game, b.amount, a.id as account_id
    from round_bets b
    join accounts a on a.user_id = b.user_id
    join rounds r on r.id = b.round_id
    ${guard.join}
    where b.id = $1::bigint and b.user_id = $2::bigint and b.status = 'open' and b.amount = $13::bigint
      and r.id = $3::bigint and r.status = 'in_progress'
      and $5::bigint * r.wagered <= $4::bigint * 100
      and ${guard.condition('$12')}
    for update of b, a
    for share of r
  ), bet as (
    update round_bets set status = 'cashed_out', multiplier = $5::bigint / 100.0, payout = $6::bigint, closed_by = 'player', settled_at = $7::timestamptz
    from gate where round_bets.id = gate.bet_id
  ), journal as (
    update bets set status = 'settled', multiplier = $5::bigint / 100.0, payout = $6::bigint, settled_at = $7::timestamptz
    from gate where bets.game = gate.game and bets.ref_id = gate.bet_id and bets.ref_seat = 0
    returning bets.public_id
  ), ${ledgerMoveSql({
    from: 'gate',
    where: 'accounts.id = gate.account_id',
    house: '$9::bigint',
    transfers: [{ direction: 'credit', amount: '$6::bigint', transferId: '$8::uuid', reason: '$10::text', reference: '$11::text' }],
  })}
  select moved.user_id, moved.balance, moved.version, journal.public_id from moved, journal`;

/** Parameters with which the statement matches no bet (ids start at 1) and writes nothing: for warming a connection (server/db/preparedStatements.ts). */
export const roundCashOutInertValues: readonly unknown[] = [0, 0, 0, 0, 100, 1, new Date(0), '00000000-0000-0000-0000-000000000000', 0, 'warm', 'warm', '', 1];

/** The quick cash-out's statement as the wallet runs it: one statement per cash-out, the player's new balance or nothing. */
export const roundCashOutSettlement: SettlementEffects<RoundCashOut, unknown[], { user_id: number | string; balance: number | string; version: number | string; public_id: string }, AccountBalance & { publicId: string }> = {
  name: 'round cash-outs',
  // A cash-out is no stake: the stake gate's condition does not apply.
  statement: (guard) => roundCashOutSql(guard),
  inertValues: roundCashOutInertValues,
  row(c) {
    if (!Number.isSafeInteger(c.payout) || c.payout <= 0) throw new Error(`payout must be a positive integer of cents, got ${c.payout}`);
    return [c.betId, c.userId, c.roundId, c.maxRoundPaid, c.value, c.payout, c.settledAt, randomUUID(), c.reason, `round_bet:${c.betId}`, c.guardValue, c.amount];
  },
  // One cash-out a statement: the house account is $9, between the transfer and the reason.
  values: (houseAccountId, [row]) => [...row!.slice(0, 8), houseAccountId, ...row!.slice(8)],
  settled: (rows) => new Map(rows.map((r) => [Number(r.user_id), { balance: Number(r.balance), version: Number(r.version), publicId: r.public_id }])),
  reason: (c) => c.reason,
};

export const crashHundredthsOf = (round: Pick<RoundRow, 'outcome'>) => crashPointHundredths(Number(round.outcome.crash_point));
export const autoOf = (params: Record<string, unknown>) => (typeof params.auto_cashout === 'number' ? params.auto_cashout : null);

/** A player's open crash bet (the newest), as a cash-out reads it. */
interface OpenBetRow {
  id: number;
  round_id: number;
  amount: number;
  params: Record<string, unknown>;
}
type CashOutRound = Pick<RoundRow, 'status' | 'launched_at' | 'outcome'> & { paid: number | string; open_stake: number | string };
/** A cash-out request: the server's time of receipt and the multiplier (hundredths) its button showed, if sent. */
interface CashOutMoment {
  now: number;
  shown: number | null;
}

async function openBetOf(db: Db | Trx, userId: number): Promise<OpenBetRow> {
  const bet = await db.selectFrom('round_bets').select(['id', 'round_id', 'amount', 'params']).where('user_id', '=', userId).where('game', '=', 'crash').where('status', '=', 'open').orderBy('id', 'desc').executeTakeFirst();
  if (!bet) throw msgError(409, CRASH_MESSAGES.noOpenBet);
  return bet;
}

/**
 * Locks the round row last (bet → account → round), as every settlement of a round does: the locked
 * cash-out reads the bets' sums under that lock, so a settlement of the same round is never half-way
 * then. It does not move the row's counters: while a round flies its bets are the only figures of
 * what it paid and has open (roundBook, roundCounters); storeRoundCounters writes them when it ends.
 */
async function lockRoundLast(db: Trx, roundId: number): Promise<void> {
  await db.selectFrom('rounds').select('id').where('id', '=', roundId).forNoKeyUpdate().execute();
}

/** What the cash-outs use: the database, the wallet, the game's limits, what this node knows of bets, and where a cash-out is told. */
export interface CrashCashOutDeps {
  db: Db;
  wallet: Wallet;
  limits: CrashLimits;
  knownBets: KnownBets;
  /** A committed cash-out, for the round's bets channel (batched per tick). */
  cashedOut(roundId: number, cashOut: CrashCashOut): void;
  /** The server's committed cash-outs that paid, for their players' private channels (journal/betLinks.ts): their bets' public ids. */
  linked(links: SettledLink[]): void;
}

export function createCrashCashOut({ db, wallet, limits, knownBets, cashedOut, linked }: CrashCashOutDeps) {
  /**
   * The player's cash-out, valued at `now` (the server's time of receipt), or at `shown` (hundredths:
   * the multiplier the player's button showed at the click) when that is lower. The player's token may
   * not have been looked up yet (tokenCheckedBySettlement): the quick way's statement checks it, and
   * every other outcome (a refusal, the locked way) confirms it first, so a dead token gets its 401
   * and nothing else.
   */
  async function closeBet(player: SettlementPlayer, now: number, shown: number | null = null): Promise<CrashCloseBetAnswer> {
    const at = { now, shown };
    const quick = await quickCashOut(player, at).catch(async (error: unknown) => {
      await player.confirm();
      throw error;
    });
    if (quick) return quick;
    await player.confirm();
    return closeBetLocked(player.userId, at);
  }

  /**
   * Valued from what this node knows of the bet and its round, or else from one unlocked read of
   * them, then settled by the quick statement, only while the bet is open, the round flies, value × wagered (the most the round
   * could owe now) is within the round's cap and the token is live. That statement only share-locks
   * the round row, so hundreds of cash-outs in one second settle side by side rather than one commit
   * after another (bench/crash). Null: decide the locked way (nearer
   * the cap, or nothing was written), which decides from the bets' sums (and answers why).
   */
  async function quickCashOut(player: SettlementPlayer, at: CashOutMoment): Promise<CrashCloseBetAnswer | null> {
    const userId = player.userId;
    // Priced from what this node knows (knownBets.ts), with no read: whatever that way would refuse or
    // does not settle is decided again below from a fresh read.
    const known = knownBets.of(userId);
    if (known) {
      knownBets.forget(userId);
      const settled = await settleQuick(player, known.bet, known.round, null, at).catch(() => null);
      if (settled) return settled;
    }
    const read = await db
      .selectFrom('round_bets as b')
      .innerJoin('rounds as r', 'r.id', 'b.round_id')
      .select(['b.id', 'b.round_id', 'b.amount', 'b.params', 'r.status', 'r.launched_at', 'r.outcome', 'r.wagered'])
      .where('b.user_id', '=', userId)
      .where('b.game', '=', 'crash')
      .where('b.status', '=', 'open')
      .orderBy('b.id', 'desc')
      .executeTakeFirst();
    if (!read) throw msgError(409, CRASH_MESSAGES.noOpenBet);
    knownBets.flying(read.round_id, read);
    return settleQuick(player, { id: read.id, round_id: read.round_id, amount: read.amount, params: read.params }, read, Number(read.wagered), at);
  }

  /**
   * The quick way's pricing and settlement. `wagered`, when read, sends a cash-out above the cap's
   * line to the locked way at once; unknown, the statement's gate checks the line by itself.
   */
  async function settleQuick(player: SettlementPlayer, bet: OpenBetRow, round: Pick<RoundRow, 'status' | 'launched_at' | 'outcome'>, wagered: number | null, at: CashOutMoment): Promise<CrashCloseBetAnswer | null> {
    const userId = player.userId;
    const { now } = at;
    // Uncapped by the round (no open stake): under the line below the cap cannot bind.
    const value = cashOutValue(bet, { ...round, paid: 0, open_stake: 0 }, at);
    if (wagered !== null && value * wagered > limits.maxPayoutPerRound * 100) return null;
    const payout = crashPayout(bet.amount, value);
    const settled = await wallet.settle(roundCashOutSettlement, { userId, betId: bet.id, roundId: bet.round_id, amount: bet.amount, value, payout, maxRoundPaid: limits.maxPayoutPerRound, reason: 'crash_win', settledAt: new Date(now), guardValue: player.tokenHash });
    if (settled === null) return null;
    return announcePlayerCashOut(userId, now)({ roundId: bet.round_id, betId: bet.id, value, payout, balance: settled.balance, publicId: settled.publicId });
  }

  /** The cash-out with the round row locked first, valued from the bets' sums: exact under any race, one at a time. */
  function closeBetLocked(userId: number, at: CashOutMoment): Promise<CrashCloseBetAnswer> {
    const { now } = at;
    return wallet.transaction(async (tx) => {
      const bet = await openBetOf(tx.trx, userId);
      // Locks in the order of every settlement of a round (the leader's, the quick cash-out's):
      // bet → account → round. The round first would deadlock with the leader settling this bet.
      await tx.trx.selectFrom('round_bets').select('id').where('id', '=', bet.id).forUpdate().execute();
      await tx.trx.selectFrom('accounts').select('id').where('user_id', '=', userId).forUpdate().execute();
      const round = await tx.trx.selectFrom('rounds').select(['status', 'launched_at', 'outcome']).where('id', '=', bet.round_id).forUpdate().executeTakeFirstOrThrow();
      // With the round locked, no cash-out of it is under way (the quick ones share-lock it): the sums are exact.
      const { paid, openStake } = await roundCounters(tx.trx, bet.round_id);
      const value = cashOutValue(bet, { ...round, paid, open_stake: openStake }, at);
      const payout = crashPayout(bet.amount, value);
      const closed = await closeInTransaction(tx, { betId: bet.id, multiplier: value, payout, by: 'player' }, now);
      if (!closed) throw msgError(409, CRASH_MESSAGES.noOpenBet);
      // A player's cash-out is worth at least the stake (1.00×): it always credits.
      return { roundId: bet.round_id, betId: bet.id, value, payout, balance: closed.balance ?? (await tx.balance(userId)), publicId: closed.publicId };
    }).then(announcePlayerCashOut(userId, now));
  }

  /**
   * One bet cashed out inside a wallet transaction (the locked way's and the server's): the bet
   * closed only if still open, its credit (when it pays: the new balance), its journal row. Null when the bet was no longer open.
   */
  async function closeInTransaction(tx: WalletTx, c: { betId: number; multiplier: number; payout: number; by: 'player' | CrashSettlement['reason'] }, now: number) {
    const bet = await tx.trx
      .updateTable('round_bets')
      .set({ status: 'cashed_out', multiplier: hundredthsToMultiplier(c.multiplier), payout: c.payout, closed_by: c.by, settled_at: new Date(now) })
      .where('id', '=', c.betId)
      .where('status', '=', 'open')
      .returning(['user_id', 'amount'])
      .executeTakeFirst();
    if (!bet) return null;
    const balance = c.payout > 0 ? await tx.credit({ userId: bet.user_id, amount: c.payout, reason: 'crash_win', reference: `round_bet:${c.betId}` }) : null;
    const [journaled] = await journalRoundBetsClosed(tx.trx, [c.betId]);
    if (!journaled) throw new Error(`round bet ${c.betId} has no open journal row`);
    return { userId: bet.user_id, balance, publicId: journaled.publicId };
  }

  function announcePlayerCashOut(userId: number, now: number) {
    return (result: { roundId: number; betId: number; value: number; payout: number; balance: number; publicId: string }): CrashCloseBetAnswer => {
      cashedOut(result.roundId, { bet_id: result.betId, round_id: result.roundId, user_id: userId, multiplier: hundredthsToMultiplier(result.value), payout: centsToCoins(result.payout), by: 'player', server_time: now });
      return { multiplier: hundredthsToMultiplier(result.value), payout: centsToCoins(result.payout), balance: centsToCoins(result.balance), public_id: result.publicId };
    };
  }

  /** The multiplier a cash-out received at `now` (its button showing `shown`) gets, or the player's error. */
  function cashOutValue(bet: OpenBetRow, round: CashOutRound, { now, shown }: CashOutMoment): number {
    if (round.status === 'new' || round.status === 'starting' || round.status === 'pending') throw msgError(409, CRASH_MESSAGES.notLaunched);
    if (round.status === 'ended' || round.launched_at === null) throw msgError(409, CRASH_MESSAGES.crashed);
    const open = { id: bet.id, amount: bet.amount, autoCashout: autoOf(bet.params) };
    const value = crashCashOutValue(now - ms(round.launched_at)!, crashHundredthsOf(round), crashBetTarget(open, limits.maxPayoutPerBet), crashRoundCap(Number(round.paid), Number(round.open_stake), limits.maxPayoutPerRound), shown);
    if (value === null) throw msgError(409, now < ms(round.launched_at)! ? CRASH_MESSAGES.notLaunched : CRASH_MESSAGES.crashed);
    return value;
  }

  /**
   * The server's cash-outs (the leader's: each bet's own target, the round's cap) as a group, in one
   * wallet transaction; each bet only if still open (a player's cash-out may have come first).
   */
  async function serverCashOuts(roundId: number, settlements: readonly CrashSettlement[], now: number): Promise<void> {
    const made: CrashCashOut[] = [];
    const links: SettledLink[] = [];
    await wallet.transaction(async (tx) => {
      for (const s of settlements) {
        const closed = await closeInTransaction(tx, { betId: s.betId, multiplier: s.multiplier, payout: s.payout, by: s.reason }, now);
        if (!closed) continue;
        links.push({ userId: closed.userId, ref: s.betId, publicId: closed.publicId, payout: s.payout });
        made.push({ bet_id: s.betId, round_id: roundId, user_id: closed.userId, multiplier: hundredthsToMultiplier(s.multiplier), payout: centsToCoins(s.payout), by: s.reason, server_time: now });
      }
      // The round row last, as in a player's cash-out: every settlement takes its locks in the
      // order bet → account → round, so the leader and the players never wait on each other in a circle.
      if (made.length) await lockRoundLast(tx.trx, roundId);
    });
    for (const c of made) cashedOut(roundId, c);
    linked(links);
  }

  return { closeBet, serverCashOuts };
}
