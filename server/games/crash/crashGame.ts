import { tellBetLinks } from '../../journal/betLinks.ts';
import { crashPoint } from '../../../core/fair/hashChain.ts';
import {
  crashHundredthsAt,
  crashMsToReach,
  crashPointHundredths,
  crashServerCashOuts,
  type CrashLimits,
  type OpenCrashBet,
} from '../../../core/games/crash.ts';
import type { RoundTimings } from '../../../core/games/roundMachine.ts';
import { hundredthsToMultiplier } from '../../../core/games/multiplier.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { CRASH_MESSAGES, type CrashBetAnswer } from '../../../core/protocol/crash.ts';
import { CRASH_SNAPSHOT_HISTORY, type CrashBet, type CrashCashOut, type CrashRoundState, type CrashSnapshot, type RoundStatus } from '../../../core/protocol/realtime.ts';
import type { Clock } from '../../clock.ts';
import { placeRoundBet, refundOpenBets, roundBetsOf, roundBook, storeRoundCounters, type OpenRoundBet, type RoundBetRow } from '../rounds/roundBets.ts';
import { createRoundEventBatcher } from '../rounds/roundEvents.ts';
import { createSnapshotCache } from '../rounds/snapshotCache.ts';
import { createKnownBets } from './knownBets.ts';
import { autoOf, crashHundredthsOf, createCrashCashOut } from './crashCashOut.ts';
import { createRoundLoop, endedRounds, latestRound, ms, noRoundState, roundColumns, roundStateOf, type RoundLoopDeps, type RoundRow, type RoundRules } from '../rounds/roundLoop.ts';
import type { Bus } from '../../realtime/bus.ts';
import { roundRooms } from '../../../core/games/roundGames.ts';
import { journalRoundBetsClosed } from '../../journal/journal.ts';

const CRASH_ROOMS = roundRooms('crash');

// Crash on the shared round engine (docs/crash.md). The chain hash fixes the crash point when the
// round is created; `in_progress` lasts until the curve reaches it. The leader settles auto
// cash-outs (and the payout caps) on each tick, before the bust check; any node takes bets and
// the players' own cash-outs, valued at the server's time of receipt. Every way a bet is cashed out
// (the player's quick and locked ways, the leader's at a target or cap) is in crashCashOut.ts.

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
  /** Every way a bet is cashed out: the player's, the server's (crashCashOut.ts). */
  const cashOuts = createCrashCashOut({ db, wallet, limits, knownBets, cashedOut: (roundId, c) => batcher.cashOut(roundId, c), linked: (links) => tellBetLinks(bus, 'crash', links) });
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
    if (settlements.length) await cashOuts.serverCashOuts(roundId, settlements, now);
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
    /** A player's cash-out (crashCashOut.ts). */
    closeBet: cashOuts.closeBet,
    /** What this node knows to price a cash-out without a read (knownBets.ts). */
    knownBets,
    snapshot: snapshots.get,
    release() {
      batcher.close();
    },
  };
}

export type Crash = ReturnType<typeof createCrash>;
