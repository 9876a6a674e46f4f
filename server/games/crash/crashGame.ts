import { crashPoint } from '../../../core/fair/hashChain.ts';
import {
  crashBetTarget,
  crashCashOutValue,
  crashHundredthsAt,
  crashMsToReach,
  crashPayout,
  crashPointHundredths,
  crashRoundCap,
  crashServerCashOuts,
  type CrashLimits,
  type CrashSettlement,
  type OpenCrashBet,
} from '../../../core/games/crash.ts';
import type { RoundTimings } from '../../../core/games/roundMachine.ts';
import { hundredthsToMultiplier } from '../../../core/games/multiplier.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { CRASH_MESSAGES, type CrashBetAnswer, type CrashCloseBetAnswer } from '../../../core/protocol/crash.ts';
import { CRASH_SNAPSHOT_HISTORY, type CrashBet, type CrashCashOut, type CrashRoundState, type CrashSnapshot, type RoundStatus } from '../../../core/protocol/realtime.ts';
import type { Clock } from '../../clock.ts';
import { msgError } from '../../http/errors.ts';
import type { SettlementPlayer } from '../../plugins/auth.ts';
import { placeRoundBet, refundOpenBets, roundBetsOf, roundBook, roundCounters, storeRoundCounters, type OpenRoundBet, type RoundBetRow } from '../rounds/roundBets.ts';
import { createRoundEventBatcher } from '../rounds/roundEvents.ts';
import { createSnapshotCache } from '../rounds/snapshotCache.ts';
import { createKnownBets } from './knownBets.ts';
import { createRoundLoop, endedRounds, latestRound, ms, noRoundState, roundColumns, roundStateOf, type RoundLoopDeps, type RoundRow, type RoundRules } from '../rounds/roundLoop.ts';
import type { Db } from '../../db/database.ts';
import type { Trx, WalletTx } from '../../wallet/wallet.ts';
import type { Bus } from '../../realtime/bus.ts';
import { roundRooms } from '../../../core/games/roundGames.ts';
import { journalRoundBetsClosed } from '../../journal/journal.ts';

const CRASH_ROOMS = roundRooms('crash');

// Crash on the shared round engine (docs/crash.md). The chain hash fixes the crash point when the
// round is created; `in_progress` lasts until the curve reaches it. The leader settles auto
// cash-outs (and the payout caps) on each tick, before the bust check; any node takes bets and
// the players' own cash-outs, valued at the server's time of receipt, against the round row
// (settled in one statement that re-checks the round, so its counters stay exact under concurrency).

export interface CrashSettings {
  /** Off: no rounds are played (CRASH_ENABLED); sockets still get snapshots. */
  enabled: boolean;
  timings: RoundTimings;
  limits: CrashLimits;
}

/** What crash uses: its round loop's (database, wallet, hash chains, log) and the bus its events go out on. */
export interface CrashDeps extends RoundLoopDeps {
  bus: Bus;
}

type BetRow = RoundBetRow;

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

const crashHundredthsOf = (round: Pick<RoundRow, 'outcome'>) => crashPointHundredths(Number(round.outcome.crash_point));
const autoOf = (params: Record<string, unknown>) => (typeof params.auto_cashout === 'number' ? params.auto_cashout : null);

export function crashBetView(row: BetRow): CrashBet {
  const auto = autoOf(row.params);
  const status = row.status === 'cashed_out' || row.status === 'lost' || row.status === 'refunded' ? row.status : 'open';
  return {
    id: row.id,
    round_id: row.round_id,
    user: { id: row.user_id, name: row.name, avatar_url: row.avatar_url },
    amount: centsToCoins(row.amount),
    auto_cashout: auto === null ? null : hundredthsToMultiplier(auto),
    status,
    cashed_out_at: status === 'cashed_out' && row.multiplier !== null ? Number(row.multiplier) : null,
    payout: row.payout === null ? null : centsToCoins(row.payout),
  };
}

export function crashRoundState(round: RoundRow, now: number): CrashRoundState {
  return {
    ...roundStateOf(round, now),
    // A voided round (ended by the restart rule before launch) was never played: no crash point.
    crash_point: round.status === 'ended' && !round.voided ? hundredthsToMultiplier(crashHundredthsOf(round)) : null,
  };
}

export function createCrash(deps: CrashDeps, settings: CrashSettings, clock: Clock) {
  const { db, wallet, bus } = deps;
  const { limits, timings } = settings;
  const batcher = createRoundEventBatcher<CrashBet, CrashCashOut>(bus, clock, CRASH_ROOMS.bets, 'bets', timings.tickMs);
  /** Any node: the open bets placed through it and the flying round, to price a cash-out without a read. */
  const knownBets = createKnownBets();
  /**
   * Leader only: the flying round, the multiplier its last tick showed (the round cap was above it
   * then, so a cap cash-out is never below it: crashCapCashOut), and whether bets may still be open
   * (none is added while it flies: once none is, the ticks stop reading). Which bets are open is not
   * kept here: the round's bets are its one record of that (roundBook).
   */
  let flying: { roundId: number; shown: number; anyOpen: boolean } | null = null;

  const publish = (event: 'status' | 'tick', data: unknown) => bus.publish({ channel: CRASH_ROOMS.game, event, data });

  const betsOf = (roundId: number, onlyOpen = false) => roundBetsOf(db, roundId, onlyOpen);

  const openBet = (row: OpenRoundBet): OpenCrashBet => ({ id: row.id, amount: row.amount, autoCashout: autoOf(row.params) });

  /** Server cash-outs in one transaction; each bet only if still open. */
  async function settle(roundId: number, settlements: CrashSettlement[], now: number): Promise<void> {
    const made: CrashCashOut[] = [];
    await wallet.transaction(async (tx) => {
      for (const s of settlements) {
        const bet = await tx.trx
          .updateTable('round_bets')
          .set({ status: 'cashed_out', multiplier: hundredthsToMultiplier(s.multiplier), payout: s.payout, closed_by: s.reason, settled_at: new Date(now) })
          .where('id', '=', s.betId)
          .where('status', '=', 'open')
          .returning(['user_id', 'amount'])
          .executeTakeFirst();
        if (!bet) continue;
        if (s.payout > 0) await tx.credit({ userId: bet.user_id, amount: s.payout, reason: 'crash_win', reference: `round_bet:${s.betId}` });
        await journalRoundBetsClosed(tx.trx, [s.betId]);
        made.push({ bet_id: s.betId, round_id: roundId, user_id: bet.user_id, multiplier: hundredthsToMultiplier(s.multiplier), payout: centsToCoins(s.payout), by: s.reason, server_time: now });
      }
      // The round row last, as in a player's cash-out: every settlement takes its locks in the
      // order bet → account → round, so the leader and the players never wait on each other in a circle.
      if (made.length) await lockRoundLast(tx.trx, roundId);
    });
    for (const c of made) batcher.cashOut(roundId, c);
  }

  /**
   * The server's cash-outs once the curve has reached `reached` (`shown`: what the previous check
   * showed), valued from one read of the round's bets (roundBook): what it paid and which bets are
   * open come from the same snapshot, so a bet a player cashed out meanwhile counts once, as paid.
   * A cash-out committed after that read is only skipped by settle's conditional update: it was
   * valued at or below the cap of its time, so the cap only rose and the one used here still holds.
   * Answers whether bets may still be open.
   */
  async function serverCashOuts(roundId: number, reached: number, shown: number, now: number): Promise<boolean> {
    const { paid, open } = await roundBook(db, roundId);
    if (open.length === 0) return false;
    const settlements = crashServerCashOuts(open.map(openBet), paid, reached, limits, shown);
    if (settlements.length) await settle(roundId, settlements, now);
    return settlements.length < open.length;
  }

  async function loseOpenBets(roundId: number, now: number) {
    await db.transaction().execute(async (trx) => {
      const lost = await trx.updateTable('round_bets').set({ status: 'lost', payout: 0, closed_by: 'crash', settled_at: new Date(now) }).where('round_id', '=', roundId).where('status', '=', 'open').returning('id').execute();
      await journalRoundBetsClosed(trx, lost.map((b) => b.id));
      // Players' cash-outs did not move the round's counters while it flew: they are written now, from the bets.
      await storeRoundCounters(trx, roundId);
    });
  }

  function announce(round: RoundRow, status: RoundStatus) {
    if (status === 'ended') batcher.flush();
    snapshots.invalidate();
    publish('status', crashRoundState(round, clock.now()));
  }

  const rules: RoundRules = {
    game: 'crash',
    timings,
    decide(taken) {
      const point = crashPoint(taken.hash, taken.salt);
      return { outcome: { crash_point: point }, runMs: crashMsToReach(crashPointHundredths(point)) };
    },
    async onStatus(round, status) {
      if (status === 'in_progress') {
        knownBets.flying(round.id, round);
        flying = { roundId: round.id, shown: 100, anyOpen: true };
      }
      if (status === 'ended') {
        if (!round.voided && round.ended_at) await loseOpenBets(round.id, ms(round.ended_at)!);
        flying = null;
      }
      announce(round, status);
    },
    async onTick(round, elapsed) {
      const now = ms(round.launched_at)! + elapsed;
      const crash = crashHundredthsOf(round);
      // Server cash-outs first (a target equal to the crash point wins), then the bust check.
      const reached = elapsed >= Number(round.run_ms) ? crash : Math.min(crashHundredthsAt(elapsed), crash);
      if (flying?.roundId === round.id && flying.anyOpen) {
        flying.anyOpen = await serverCashOuts(round.id, reached, flying.shown, now);
        flying.shown = reached;
      }
      if (elapsed < Number(round.run_ms)) {
        // The bets and cash-outs waiting go out with the tick (batched per tick): in the same turn,
        // so each socket gets both frames in one write (realtime/slicedFanOut.ts).
        batcher.flush();
        publish('tick', { round_id: round.id, elapsed, multiplier: hundredthsToMultiplier(crashHundredthsAt(elapsed)), server_time: clock.now() });
      }
    },
    async settleInterrupted(round, now) {
      // Restart rule for a flying round: its crash point is fixed. Auto cash-outs (and caps) at or
      // below it are paid at their targets; a bet still open loses if the crash time has passed,
      // and is refunded otherwise (its player could not act while no node ran the round).
      const crashAt = ms(round.launched_at)! + Number(round.run_ms);
      // What the old leader's ticks showed is not known here: the cap's floor is 1.00×.
      await serverCashOuts(round.id, crashHundredthsOf(round), 100, Math.min(now, crashAt));
      const crashed = now >= crashAt;
      if (crashed) await loseOpenBets(round.id, crashAt);
      else {
        await refundOpenBets(wallet, round.id, 'crash');
        // Players' cash-outs did not move the counters while the round flew (as in loseOpenBets).
        await storeRoundCounters(db, round.id);
      }
      const ended = await db
        .updateTable('rounds')
        .set({ status: 'ended', ended_at: new Date(crashed ? crashAt : now) })
        .where('id', '=', round.id)
        .where('status', '=', 'in_progress')
        .returning(roundColumns)
        .executeTakeFirst();
      if (ended) announce(ended as RoundRow, 'ended');
    },
  };

  const loop = createRoundLoop(deps, rules, clock);

  async function placeBet(userId: number, amount: number, autoCashout: number | null): Promise<CrashBetAnswer> {
    const placed = await placeRoundBet(wallet, {
      game: 'crash',
      userId,
      amount,
      params: { auto_cashout: autoCashout },
      now: clock.now(),
      // Every stake must be able to reach 1.01× within the round's payout cap.
      maxRoundStake: Math.floor((limits.maxPayoutPerRound * 100) / 101),
      messages: CRASH_MESSAGES,
    });
    knownBets.placed(userId, { id: placed.id, round_id: placed.roundId, amount, params: placed.params });
    const view = crashBetView({ id: placed.id, round_id: placed.roundId, user_id: userId, name: placed.user.name, avatar_url: placed.user.avatar_url, amount, params: placed.params, status: 'open', multiplier: null, payout: null });
    batcher.bet(placed.roundId, view);
    if (flying === null) snapshots.invalidate();
    return { bet: { id: placed.id, round_id: placed.roundId, amount: view.amount, auto_cashout: view.auto_cashout }, balance: centsToCoins(placed.balance) };
  }

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
   * them, then settled by the wallet in one statement, only while the bet is open, the round flies, value × wagered (the most the round
   * could owe now) is within the round's cap and the token is live. That statement only share-locks
   * the round row, so hundreds of cash-outs in one second settle side by side rather than one commit
   * after another (bench/crash; server/wallet/roundCashOut.ts). Null: decide the locked way (nearer
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
    const balance = await wallet.settleRoundCashOut({ userId, betId: bet.id, roundId: bet.round_id, amount: bet.amount, value, payout, maxRoundPaid: limits.maxPayoutPerRound, reason: 'crash_win', settledAt: new Date(now), guardValue: player.tokenHash });
    if (balance === null) return null;
    return announceCashOut(userId, now)({ roundId: bet.round_id, betId: bet.id, value, payout, balance });
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
      return settleIn(tx, userId, bet, cashOutValue(bet, { ...round, paid, open_stake: openStake }, at), now);
    }).then(announceCashOut(userId, now));
  }

  async function settleIn(tx: WalletTx, userId: number, bet: OpenBetRow, value: number, now: number) {
    const payout = crashPayout(bet.amount, value);
    const closed = await tx.trx
      .updateTable('round_bets')
      .set({ status: 'cashed_out', multiplier: hundredthsToMultiplier(value), payout, closed_by: 'player', settled_at: new Date(now) })
      .where('id', '=', bet.id)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    if (!closed) throw msgError(409, CRASH_MESSAGES.noOpenBet);
    const balance = await tx.credit({ userId, amount: payout, reason: 'crash_win', reference: `round_bet:${bet.id}` });
    await journalRoundBetsClosed(tx.trx, [bet.id]);
    return { roundId: bet.round_id, betId: bet.id, value, payout, balance };
  }

  function announceCashOut(userId: number, now: number) {
    return (result: { roundId: number; betId: number; value: number; payout: number; balance: number }): CrashCloseBetAnswer => {
      batcher.cashOut(result.roundId, { bet_id: result.betId, round_id: result.roundId, user_id: userId, multiplier: hundredthsToMultiplier(result.value), payout: centsToCoins(result.payout), by: 'player', server_time: now });
      return { multiplier: hundredthsToMultiplier(result.value), payout: centsToCoins(result.payout), balance: centsToCoins(result.balance) };
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

  async function buildSnapshot(): Promise<CrashSnapshot> {
    const now = clock.now();
    const round = await latestRound(db, 'crash');
    const history = await recentCrashPoints(CRASH_SNAPSHOT_HISTORY);
    if (!round) return { ...noRoundState(now), crash_point: null, bets: [], history };
    const bets = (await betsOf(round.id)).map(crashBetView);
    return { ...crashRoundState(round, now), bets, history };
  }

  async function recentCrashPoints(limit: number) {
    const rows = await endedRounds(db, 'crash', limit);
    return rows.map((r) => ({ round_id: r.id, round_number: Number(r.number), crash_point: hundredthsToMultiplier(crashHundredthsOf(r)), hash: r.hash }));
  }

  const snapshots = createSnapshotCache(buildSnapshot, clock);

  return {
    game: 'crash' as const,
    enabled: settings.enabled,
    loop,
    placeBet,
    closeBet,
    /** What this node knows to price a cash-out without a read (knownBets.ts). */
    knownBets,
    snapshot: snapshots.get,
    release() {
      batcher.close();
    },
  };
}

export type Crash = ReturnType<typeof createCrash>;
