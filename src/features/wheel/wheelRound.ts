import { WHEEL_COLORS, wheelColorAt, wheelPayout, type WheelColor } from '../../../core/games/wheel.ts';
import { centsToCoins, coinsToCents } from '../../../core/money/cents.ts';
import type { WinToCelebrate } from '../../../core/games/celebration.ts';
import { WHEEL_SNAPSHOT_HISTORY, type WheelBet, type WheelBetsBatch, type WheelHistoryPoint, type WheelRoundState, type WheelSnapshot } from '../../../core/protocol/wheelEvents.ts';
import { withClockSample, type ClockEstimate } from '../rounds/serverClock.ts';
import { isOlderRound } from '../rounds/roundOrder.ts';

// What the /wheel page knows of the game, folded from the /wheel socket's events (pure, tested
// without a server): the current round, its bets by id (a bet can come in a snapshot and a batch),
// the recent results and the server clock. A new round clears the bets; cancels mark bets
// canceled; the end settles the open bets by the segment exactly as the server does
// (core wheelPayout), or refunds them when the round was voided.

export interface WheelGameModel extends ClockEstimate {
  round: WheelRoundState | null;
  /** This round's bets, in the order they arrived. */
  bets: WheelBet[];
  /** Newest first. */
  history: WheelHistoryPoint[];
}

export const EMPTY_WHEEL_MODEL: WheelGameModel = { round: null, bets: [], history: [], offsetMs: 0, offsetSamples: [] };

function roundOf(state: WheelRoundState): WheelRoundState {
  const { round_id, round_number, status, betting_ends_at, starts_at, launched_at, ended_at, spin_ms, segment, hash, voided, server_time } = state;
  return { round_id, round_number, status, betting_ends_at, starts_at, launched_at, ended_at, spin_ms, segment, hash, voided, server_time };
}

const FINAL = new Set(['won', 'lost', 'refunded', 'canceled']);

function mergeBets(current: readonly WheelBet[], incoming: readonly WheelBet[], roundId: number): WheelBet[] {
  const byId = new Map(current.map((b) => [b.id, b]));
  for (const bet of incoming) {
    if (bet.round_id !== roundId) continue;
    const known = byId.get(bet.id);
    // A canceled or settled bet never goes back to open (a late copy of the bet itself).
    byId.set(bet.id, known && FINAL.has(known.status) && bet.status === 'open' ? known : bet);
  }
  return [...byId.values()];
}

/** Open bets settled by the round's end: paid by the segment, or refunded when voided. */
function settle(bets: readonly WheelBet[], round: WheelRoundState): WheelBet[] {
  if (round.voided) return bets.map((b) => (b.status === 'open' ? { ...b, status: 'refunded', payout: b.amount } : b));
  if (round.segment === null) return [...bets];
  const winning = wheelColorAt(round.segment);
  return bets.map((b) => {
    if (b.status !== 'open') return b;
    const payout = centsToCoins(wheelPayout(coinsToCents(b.amount) ?? 0, b.color, round.segment!));
    return { ...b, status: b.color === winning ? 'won' : 'lost', payout };
  });
}

function withHistory(history: readonly WheelHistoryPoint[], round: WheelRoundState): WheelHistoryPoint[] {
  if (round.status !== 'ended' || round.segment === null || !round.hash || history.some((h) => h.round_id === round.round_id)) return [...history];
  return [{ round_id: round.round_id, round_number: round.round_number, segment: round.segment, hash: round.hash }, ...history].slice(0, WHEEL_SNAPSHOT_HISTORY);
}

export function fromSnapshot(model: WheelGameModel, snapshot: WheelSnapshot, receivedAt: number): WheelGameModel {
  if (isOlderRound(snapshot, model.round)) {
    const bets = model.round!.round_id === snapshot.round_id ? mergeBets(model.bets, snapshot.bets, snapshot.round_id) : model.bets;
    return withClockSample({ ...model, bets }, snapshot.server_time, receivedAt);
  }
  const round = roundOf(snapshot);
  const next: WheelGameModel = { ...model, round, bets: mergeBets([], snapshot.bets, round.round_id), history: snapshot.history.slice(0, WHEEL_SNAPSHOT_HISTORY) };
  return withClockSample(next, snapshot.server_time, receivedAt);
}

export function withStatus(model: WheelGameModel, state: WheelRoundState, receivedAt: number): WheelGameModel {
  if (isOlderRound(state, model.round)) return withClockSample(model, state.server_time, receivedAt);
  const round = roundOf(state);
  let bets = model.round?.round_id === round.round_id ? model.bets : [];
  if (round.status === 'ended') bets = settle(bets, round);
  return withClockSample({ ...model, round, bets, history: withHistory(model.history, round) }, state.server_time, receivedAt);
}

export function withBets(model: WheelGameModel, batch: WheelBetsBatch): WheelGameModel {
  if (!model.round || batch.round_id !== model.round.round_id) return model;
  let bets = mergeBets(model.bets, batch.bets, batch.round_id);
  if (batch.cancels.length) {
    const canceled = new Set(batch.cancels.map((c) => c.bet_id));
    bets = bets.map((b) => (canceled.has(b.id) ? { ...b, status: 'canceled', payout: null } : b));
  }
  return { ...model, bets };
}

/** Bets are taken while `starting`. */
export function wheelBettingOpen(model: WheelGameModel): boolean {
  return model.round?.status === 'starting';
}

/** Cents staked on each colour this round by everyone (canceled bets left out). */
export function stakedByColor(bets: readonly WheelBet[]): Record<WheelColor, number> {
  const totals = Object.fromEntries(WHEEL_COLORS.map((c) => [c, 0])) as Record<WheelColor, number>;
  for (const b of bets) if (b.status !== 'canceled') totals[b.color] += coinsToCents(b.amount) ?? 0;
  return totals;
}

/** The player's bets of this round, newest first. */
export function myWheelBets(model: WheelGameModel, userId: number | null): WheelBet[] {
  if (userId === null) return [];
  return model.bets.filter((b) => b.user.id === userId).reverse();
}

/** The player's bets of the round that stand (neither canceled nor refunded). */
function myLiveWheelBets(model: WheelGameModel, userId: number | null): WheelBet[] {
  return myWheelBets(model, userId).filter((b) => b.status !== 'canceled' && b.status !== 'refunded');
}

/** The player won on this round's segment (confetti for the scene). */
export function iWon(model: WheelGameModel, userId: number | null): boolean {
  const segment = model.round?.segment ?? null;
  if (segment === null) return false;
  const winning = wheelColorAt(segment);
  return myLiveWheelBets(model, userId).some((b) => b.color === winning);
}

/** The player's bet on the round's winning colour (the one whose page a big win shares), or null. */
export function myWinningWheelBet(model: WheelGameModel, userId: number | null): WheelBet | null {
  const segment = model.round?.segment ?? null;
  if (segment === null) return null;
  return myLiveWheelBets(model, userId).find((b) => wheelPayout(coinsToCents(b.amount) ?? 0, b.color, segment) > 0) ?? null;
}

/** The player's round as one win (every live bet's stake against what the segment pays them), or null without bets. */
export function myWheelWin(model: WheelGameModel, userId: number | null): WinToCelebrate | null {
  const segment = model.round?.segment ?? null;
  const live = myLiveWheelBets(model, userId);
  if (segment === null || live.length === 0) return null;
  const stake = live.reduce((sum, b) => sum + (coinsToCents(b.amount) ?? 0), 0);
  const payout = live.reduce((sum, b) => sum + wheelPayout(coinsToCents(b.amount) ?? 0, b.color, segment), 0);
  return { stake: centsToCoins(stake), payout: centsToCoins(payout) };
}
