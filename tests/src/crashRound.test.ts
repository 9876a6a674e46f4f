import { describe, expect, it } from 'vitest';
import type { CrashBet, CrashSnapshot } from '../../core/protocol/realtime.ts';
import { EMPTY_MODEL, bettingOpen, fromSnapshot, myBet, withBets, withClockSample, withStatus } from '../../src/features/crash/crashRound.ts';
import { crashRoundState } from './roundStates.ts';

// The /crash page's model of the game, folded from the socket's events: a snapshot replaces the
// state, a status of a new round clears its bets, an end marks open bets lost and adds the crash
// point to the strip, batches merge by bet id, and the clock offset is the best of recent samples.

const round = crashRoundState;

const bet = (id: number, userId: number, over: Partial<CrashBet> = {}): CrashBet => ({
  id,
  round_id: 5,
  user: { id: userId, name: `p${userId}`, avatar_url: null },
  amount: 1,
  auto_cashout: null,
  status: 'open',
  cashed_out_at: null,
  payout: null,
  ...over,
});

const snapshot = (over: Partial<CrashSnapshot> = {}): CrashSnapshot => ({ ...round(), bets: [bet(1, 10)], history: [{ round_id: 4, round_number: 2, crash_point: 1.5, hash: 'h4' }], ...over });

describe('crash round model', () => {
  it('a snapshot gives the round, its bets and the strip; betting is open while starting', () => {
    const m = fromSnapshot(EMPTY_MODEL, snapshot(), 400);
    expect(m.round?.round_id).toBe(5);
    expect(m.bets.map((b) => b.id)).toEqual([1]);
    expect(m.history[0]?.crash_point).toBe(1.5);
    expect(bettingOpen(m)).toBe(true);
    expect(myBet(m, 10)?.id).toBe(1);
    expect(myBet(m, 11)).toBeNull();
  });

  it('batches merge by id and apply cash-outs; a late open copy never reopens a settled bet', () => {
    let m = fromSnapshot(EMPTY_MODEL, snapshot(), 400);
    m = withStatus(m, round({ status: 'in_progress', launched_at: 1_000, server_time: 1_200 }), 1_100);
    m = withBets(m, { round_id: 5, bets: [bet(1, 10), bet(2, 11)], cash_outs: [{ bet_id: 1, round_id: 5, user_id: 10, multiplier: 1.5, payout: 1.5, by: 'player', server_time: 1_300 }] });
    expect(m.bets).toHaveLength(2);
    expect(m.bets.find((b) => b.id === 1)).toMatchObject({ status: 'cashed_out', cashed_out_at: 1.5, payout: 1.5 });
    m = withBets(m, { round_id: 5, bets: [bet(1, 10)], cash_outs: [] });
    expect(m.bets.find((b) => b.id === 1)?.status).toBe('cashed_out');
    // A batch of another round is ignored.
    expect(withBets(m, { round_id: 4, bets: [bet(9, 12, { round_id: 4 })], cash_outs: [] })).toBe(m);
  });

  it('the end marks open bets lost and puts the crash point first on the strip, once', () => {
    let m = fromSnapshot(EMPTY_MODEL, snapshot({ bets: [bet(1, 10), bet(2, 11, { status: 'cashed_out', cashed_out_at: 1.2, payout: 1.2 })] }), 400);
    const ended = round({ status: 'ended', launched_at: 1_000, ended_at: 9_000, crash_point: 1.62, hash: 'h5', server_time: 9_000 });
    m = withStatus(m, ended, 9_050);
    m = withStatus(m, ended, 9_060);
    expect(m.bets.find((b) => b.id === 1)).toMatchObject({ status: 'lost', payout: 0 });
    expect(m.bets.find((b) => b.id === 2)?.status).toBe('cashed_out');
    expect(m.history.map((h) => [h.round_id, h.round_number])).toEqual([
      [5, 3],
      [4, 2],
    ]);
    // The next round starts with no bets.
    m = withStatus(m, round({ round_id: 6, status: 'new', server_time: 12_000 }), 12_010);
    expect(m.bets).toEqual([]);
    expect(bettingOpen(m)).toBe(false);
  });

  it('the clock offset is the largest recent sample (the one with the least travel time)', () => {
    let m = withClockSample(EMPTY_MODEL, 10_000, 9_900); // 100 late
    m = withClockSample(m, 10_500, 10_350); // 150: less travel time
    m = withClockSample(m, 11_000, 10_900);
    expect(m.offsetMs).toBe(150);
  });

  it('a snapshot or status older than what the page shows does not take the round back', () => {
    const flying = withStatus(fromSnapshot(EMPTY_MODEL, snapshot(), 400), round({ status: 'in_progress', launched_at: 1_000, server_time: 1_100 }), 1_100);
    // The snapshot was built while the round was still taking bets, and arrives after the launch.
    const late = fromSnapshot(flying, snapshot({ bets: [bet(1, 10), bet(2, 11)], server_time: 900 }), 1_150);
    expect(late.round?.status).toBe('in_progress');
    expect(late.bets.map((b) => b.id)).toEqual([1, 2]);
    expect(withStatus(late, round({ status: 'pending', server_time: 950 }), 1_160).round?.status).toBe('in_progress');
    expect(fromSnapshot(late, snapshot({ round_id: 4, status: 'ended' }), 1_170).round?.round_id).toBe(5);
    // A newer round is taken as it comes.
    expect(fromSnapshot(late, snapshot({ round_id: 6 }), 1_200).round?.round_id).toBe(6);
  });
});
