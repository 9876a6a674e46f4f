import type { CrashBet, CrashBetsBatch, CrashHistoryPoint, CrashRoundState, CrashSnapshot } from '../../../core/protocol/realtime.ts';
import { CRASH_SNAPSHOT_HISTORY } from '../../../core/protocol/realtime.ts';
import { withClockSample, type ClockEstimate } from '../rounds/serverClock.ts';
import { isOlderRound } from '../rounds/roundOrder.ts';

export { withClockSample };

// What the /crash page knows of the game, built from the socket's events (pure, so it is tested
// without a server): the current round, its bets by id, the recent crash points and the offset of
// the server's clock. A snapshot (connect, reconnect, sync) replaces everything; status changes
// and bet batches update it. A bet can arrive both in a snapshot and a batch, so bets are kept by id.

export interface CrashGameModel extends ClockEstimate {
  round: CrashRoundState | null;
  /** This round's bets, in the order they arrived. */
  bets: CrashBet[];
  history: CrashHistoryPoint[];
}

export const EMPTY_MODEL: CrashGameModel = { round: null, bets: [], history: [], offsetMs: 0, offsetSamples: [] };

function roundOf(state: CrashRoundState): CrashRoundState {
  const { round_id, round_number, status, betting_ends_at, starts_at, launched_at, ended_at, crash_point, hash, server_time } = state;
  return { round_id, round_number, status, betting_ends_at, starts_at, launched_at, ended_at, crash_point, hash, server_time };
}

export function fromSnapshot(model: CrashGameModel, snapshot: CrashSnapshot, receivedAt: number): CrashGameModel {
  if (isOlderRound(snapshot, model.round)) {
    const bets = model.round!.round_id === snapshot.round_id ? mergeBets(model.bets, snapshot.bets, snapshot.round_id) : model.bets;
    return withClockSample({ ...model, bets }, snapshot.server_time, receivedAt);
  }
  const next: CrashGameModel = { ...model, round: roundOf(snapshot), bets: mergeBets([], snapshot.bets, snapshot.round_id), history: snapshot.history.slice(0, CRASH_SNAPSHOT_HISTORY) };
  return withClockSample(next, snapshot.server_time, receivedAt);
}

export function withStatus(model: CrashGameModel, state: CrashRoundState, receivedAt: number): CrashGameModel {
  if (isOlderRound(state, model.round)) return withClockSample(model, state.server_time, receivedAt);
  const sameRound = model.round?.round_id === state.round_id;
  let bets = sameRound ? model.bets : [];
  let history = model.history;
  if (state.status === 'ended' && state.crash_point !== null) {
    // Bets still open when it crashed are lost (the server settles them the same way).
    bets = bets.map((b) => (b.status === 'open' ? { ...b, status: 'lost', payout: 0 } : b));
    if (state.hash && !history.some((h) => h.round_id === state.round_id)) {
      history = [{ round_id: state.round_id, round_number: state.round_number, crash_point: state.crash_point, hash: state.hash }, ...history].slice(0, CRASH_SNAPSHOT_HISTORY);
    }
  }
  return withClockSample({ ...model, round: roundOf(state), bets, history }, state.server_time, receivedAt);
}

function mergeBets(current: CrashBet[], incoming: readonly CrashBet[], roundId: number): CrashBet[] {
  const byId = new Map(current.map((b) => [b.id, b]));
  for (const bet of incoming) {
    if (bet.round_id !== roundId) continue;
    const known = byId.get(bet.id);
    // A settled bet never goes back to open (a late copy of the bet itself).
    byId.set(bet.id, known && known.status !== 'open' && bet.status === 'open' ? known : bet);
  }
  return [...byId.values()];
}

export function withBets(model: CrashGameModel, batch: CrashBetsBatch): CrashGameModel {
  if (!model.round || batch.round_id !== model.round.round_id) return model;
  let bets = mergeBets(model.bets, batch.bets, batch.round_id);
  if (batch.cash_outs.length) {
    const outs = new Map(batch.cash_outs.map((c) => [c.bet_id, c]));
    bets = bets.map((b) => {
      const out = outs.get(b.id);
      return out ? { ...b, status: 'cashed_out', cashed_out_at: out.multiplier, payout: out.payout } : b;
    });
  }
  return { ...model, bets };
}

/** The signed-in player's bet in the current round, if any. */
/** The parts of the model a round's view reads; a clock sample (every tick) changes none of them. */
export type CrashRoundView = Pick<CrashGameModel, 'round' | 'bets'>;

export function myBet(model: CrashRoundView, userId: number | null): CrashBet | null {
  if (userId === null || !model.round) return null;
  return model.bets.find((b) => b.user.id === userId && b.round_id === model.round!.round_id) ?? null;
}

/** Bets open for this round: the server takes bets while `starting`. */
export function bettingOpen(model: Pick<CrashGameModel, 'round'>): boolean {
  return model.round?.status === 'starting';
}
