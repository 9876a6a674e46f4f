import { tellBetLinks, type SettledLink } from '../../journal/betLinks.ts';
import { sql } from 'kysely';
import { journalRoundBetsClosed } from '../../journal/journal.ts';
import { wheelResult } from '../../../core/fair/hashChain.ts';
import { WHEEL_MAX_BETS_PER_PLAYER_ROUND, WHEEL_SEGMENTS, wheelColorAt, wheelMultiplier, wheelPayout, type WheelColor, type WheelLimits } from '../../../core/games/wheel.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { roundRooms } from '../../../core/games/roundGames.ts';
import { WHEEL_MESSAGES, WHEEL_SNAPSHOT_HISTORY, type WheelBet, type WheelBetAnswer, type WheelCancel, type WheelRoundState, type WheelSnapshot } from '../../../core/protocol/wheel.ts';
import type { Clock } from '../../clock.ts';
import { cancelRoundBet, placeRoundBet, roundBetsOf, type RoundBetRow } from '../rounds/roundBets.ts';
import { createRoundEventBatcher } from '../rounds/roundEvents.ts';
import { createSnapshotCache } from '../rounds/snapshotCache.ts';
import { createRoundLoop, endedRounds, latestRound, ms, noRoundState, roundColumns, roundStateOf, type RoundLoopDeps, type RoundRow, type RoundRules } from '../rounds/roundLoop.ts';
import type { Bus } from '../../realtime/bus.ts';

const WHEEL_ROOMS = roundRooms('wheel');

// Crazy Wheel on the shared round engine (docs/wheel.md). The chain hash fixes the segment when
// the round is created, before betting opens; `in_progress` is the spin. Any node takes bets (as
// many per player and colour as they like) and the owners' cancels while `starting`; the leader
// settles every open bet by the segment at the spin's end, before `ended` is stored, so a leader
// that dies in between leaves nothing unpaid (the restart rule settles an `in_progress` round by
// its segment: the result was fixed and no player could act during the spin).

export interface WheelSettings {
  /** Off: no rounds are played (WHEEL_ENABLED); sockets still get snapshots. */
  enabled: boolean;
  timings: { bettingMs: number; pendingMs: number; spinMs: number; pauseMs: number };
  limits: WheelLimits;
}

/** What the wheel uses: its round loop's (database, wallet, hash chains, log) and the bus its events go out on. */
export interface WheelDeps extends RoundLoopDeps {
  bus: Bus;
}

/** Bets and cancels are batched per interval on each node. */
export const WHEEL_BATCH_MS = 200;

type BetRow = Omit<RoundBetRow, 'multiplier'>;

const segmentOf = (round: Pick<RoundRow, 'outcome'>) => Number(round.outcome.segment);
const colorOf = (params: Record<string, unknown>) => params.color as WheelColor;

export function wheelBetView(row: BetRow): WheelBet {
  const status = row.status === 'won' || row.status === 'lost' || row.status === 'refunded' || row.status === 'canceled' ? row.status : 'open';
  return {
    id: row.id,
    round_id: row.round_id,
    user: { id: row.user_id, name: row.name, avatar_url: row.avatar_url },
    amount: centsToCoins(row.amount),
    color: colorOf(row.params),
    status,
    payout: row.payout === null ? null : centsToCoins(row.payout),
  };
}

export function wheelRoundState(round: RoundRow, now: number): WheelRoundState {
  const spinning = round.status === 'in_progress' || round.status === 'ended';
  return {
    ...roundStateOf(round, now),
    spin_ms: Number(round.run_ms),
    // The scene needs the segment when the spin starts to land on it; bets are closed by then.
    segment: spinning && !round.voided ? segmentOf(round) : null,
    voided: round.voided,
  };
}

export function createWheel(deps: WheelDeps, settings: WheelSettings, clock: Clock) {
  const { db, wallet, bus } = deps;
  const { timings } = settings;
  const batcher = createRoundEventBatcher<WheelBet, WheelCancel, 'cancels'>(bus, clock, WHEEL_ROOMS.bets, 'bets', WHEEL_BATCH_MS, 'cancels');

  const betsOf = (roundId: number) => roundBetsOf(db, roundId);

  /**
   * Settles every open bet of the round by its segment in one transaction: winners paid
   * (`wheel_win`), the rest lost. Each bet leaves `open` by a conditional update after the round
   * row is locked, so a cancel or a refund racing it is paid once or not at all.
   */
  async function settleRound(roundId: number, segment: number, now: number): Promise<number> {
    const winning = wheelColorAt(segment);
    let links: SettledLink[] = [];
    const settled = await wallet.transaction(async (tx) => {
      await sql`select id from rounds where id = ${roundId} for update`.execute(tx.trx);
      const open = await tx.trx.selectFrom('round_bets').select(['id', 'user_id', 'amount', 'params']).where('round_id', '=', roundId).where('status', '=', 'open').orderBy('id').execute();
      let paid = 0;
      let stake = 0;
      const closed: number[] = [];
      for (const bet of open) {
        const color = colorOf(bet.params);
        const payout = wheelPayout(Number(bet.amount), color, segment);
        const won = color === winning;
        const settled = await tx.trx
          .updateTable('round_bets')
          .set({ status: won ? 'won' : 'lost', payout, multiplier: won ? wheelMultiplier(color) : 0, closed_by: 'spin', settled_at: new Date(now) })
          .where('id', '=', bet.id)
          .where('status', '=', 'open')
          .returning('id')
          .executeTakeFirst();
        if (!settled) continue;
        closed.push(bet.id);
        stake += Number(bet.amount);
        paid += payout;
        if (payout > 0) await tx.credit({ userId: Number(bet.user_id), amount: payout, reason: 'wheel_win', reference: `round_bet:${bet.id}` });
      }
      links = await journalRoundBetsClosed(tx.trx, closed);
      if (stake > 0) await tx.trx.updateTable('rounds').set({ paid: sql`paid + ${paid}::bigint`, open_stake: sql`open_stake - ${stake}::bigint` }).where('id', '=', roundId).execute();
      return open.length;
    });
    // Once committed: each winner's bet page, to them alone (journal/betLinks.ts).
    tellBetLinks(bus, 'wheel', links);
    return settled;
  }

  function announce(round: RoundRow) {
    batcher.flush();
    snapshots.invalidate();
    bus.publish({ channel: WHEEL_ROOMS.game, event: 'status', data: wheelRoundState(round, clock.now()) });
  }

  const rules: RoundRules = {
    game: 'wheel',
    // No ticks needed during the spin: one at its start and one at its end.
    timings: { bettingMs: timings.bettingMs, pendingMs: timings.pendingMs, pauseMs: timings.pauseMs, tickMs: Math.max(1, timings.spinMs) },
    decide(taken) {
      return { outcome: { segment: wheelResult(taken.hash, taken.salt, WHEEL_SEGMENTS) }, runMs: timings.spinMs };
    },
    async onStatus(round) {
      announce(round);
    },
    async onTick(round, elapsed) {
      if (elapsed >= Number(round.run_ms)) await settleRound(round.id, segmentOf(round), ms(round.launched_at)! + Number(round.run_ms));
    },
    async settleInterrupted(round, now) {
      await settleRound(round.id, segmentOf(round), now);
      const ended = await db.updateTable('rounds').set({ status: 'ended', ended_at: new Date(now) }).where('id', '=', round.id).where('status', '=', 'in_progress').returning(roundColumns).executeTakeFirst();
      if (ended) announce(ended as RoundRow);
    },
  };

  const loop = createRoundLoop(deps, rules, clock);

  async function placeBet(userId: number, amount: number, color: WheelColor): Promise<WheelBetAnswer> {
    const placed = await placeRoundBet(wallet, { game: 'wheel', userId, amount, params: { color }, now: clock.now(), maxRoundStake: null, perPlayer: { max: WHEEL_MAX_BETS_PER_PLAYER_ROUND, refusal: WHEEL_MESSAGES.tooManyBets }, messages: WHEEL_MESSAGES });
    const view = wheelBetView({ id: placed.id, round_id: placed.roundId, user_id: userId, name: placed.user.name, avatar_url: placed.user.avatar_url, amount, params: placed.params, status: 'open', payout: null });
    batcher.bet(placed.roundId, view);
    snapshots.invalidate();
    return { bet: { id: placed.id, round_id: placed.roundId, amount: view.amount, color }, balance: centsToCoins(placed.balance) };
  }

  /** The owner's cancel, judged at `now` (the server's time of receipt). */
  async function cancelBet(userId: number, betId: number, now: number): Promise<{ balance: number }> {
    const done = await cancelRoundBet(wallet, { game: 'wheel', userId, betId, now, messages: WHEEL_MESSAGES });
    batcher.cashOut(done.roundId, { bet_id: betId, round_id: done.roundId, user_id: userId });
    snapshots.invalidate();
    return { balance: centsToCoins(done.balance) };
  }

  async function buildSnapshot(): Promise<WheelSnapshot> {
    const now = clock.now();
    const round = await latestRound(db, 'wheel');
    const history = await recentSegments(WHEEL_SNAPSHOT_HISTORY);
    if (!round) return { ...noRoundState(now), spin_ms: timings.spinMs, segment: null, voided: false, bets: [], history };
    // Canceled bets are left out: placing and canceling cost nothing, and 600 of them once made every snapshot 92 KB.
    return { ...wheelRoundState(round, now), bets: (await betsOf(round.id)).filter((b) => b.status !== 'canceled').map(wheelBetView), history };
  }

  async function recentSegments(limit: number) {
    const rows = await endedRounds(db, 'wheel', limit);
    return rows.map((r) => ({ round_id: r.id, round_number: Number(r.number), segment: segmentOf(r), hash: r.hash }));
  }

  const snapshots = createSnapshotCache(buildSnapshot, clock);

  return {
    game: 'wheel' as const,
    enabled: settings.enabled,
    loop,
    placeBet,
    cancelBet,
    settleRound,
    snapshot: snapshots.get,
    release: () => batcher.close(),
  };
}

export type Wheel = ReturnType<typeof createWheel>;
