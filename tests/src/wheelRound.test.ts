import { describe, expect, it } from 'vitest';
import { WHEEL_LAYOUT } from '../../core/games/wheel.ts';
import type { WheelBet, WheelSnapshot } from '../../core/protocol/wheelEvents.ts';
import { EMPTY_WHEEL_MODEL, fromSnapshot, iWon, myWheelBets, myWinningWheelBet, stakedByColor, wheelBettingOpen, withBets, withStatus } from '../../src/features/wheel/wheelRound.ts';
import { wheelRoundState } from './roundStates.ts';

// The /wheel page's model of the game, folded from the socket's events: a snapshot replaces the
// state, a new round clears its bets, batches merge by id and cancels mark bets canceled, the end
// settles open bets by the segment as the server pays them (or refunds a voided round), and the
// per-colour totals leave canceled stakes out.

const round = wheelRoundState;

const bet = (id: number, userId: number, color: WheelBet['color'], amount: number, over: Partial<WheelBet> = {}): WheelBet => ({
  id,
  round_id: 7,
  user: { id: userId, name: `p${userId}`, avatar_url: null },
  amount,
  color,
  status: 'open',
  payout: null,
  ...over,
});

const snapshot = (over: Partial<WheelSnapshot> = {}): WheelSnapshot => ({ ...round(), bets: [], history: [], ...over });

const BLUE = WHEEL_LAYOUT.indexOf('blue');
const GOLD = WHEEL_LAYOUT.indexOf('gold');

describe('wheel round model', () => {
  it('a snapshot replaces the state; batches merge by id; cancels mark bets canceled and leave the totals', () => {
    let m = fromSnapshot(EMPTY_WHEEL_MODEL, snapshot({ bets: [bet(1, 10, 'blue', 2)] }), 900);
    expect(wheelBettingOpen(m)).toBe(true);
    m = withBets(m, { round_id: 7, bets: [bet(1, 10, 'blue', 2), bet(2, 10, 'gold', 1), bet(3, 11, 'grey', 3)], cancels: [] });
    expect(m.bets.map((b) => b.id)).toEqual([1, 2, 3]);
    m = withBets(m, { round_id: 7, bets: [], cancels: [{ bet_id: 2, round_id: 7, user_id: 10 }] });
    expect(m.bets.find((b) => b.id === 2)?.status).toBe('canceled');
    // A late copy of the canceled bet does not reopen it; another round's batch is ignored.
    m = withBets(m, { round_id: 7, bets: [bet(2, 10, 'gold', 1)], cancels: [] });
    m = withBets(m, { round_id: 8, bets: [bet(9, 10, 'blue', 5, { round_id: 8 })], cancels: [] });
    expect(m.bets.find((b) => b.id === 2)?.status).toBe('canceled');
    expect(stakedByColor(m.bets)).toEqual({ grey: 300, blue: 200, green: 0, purple: 0, gold: 0 });
    expect(myWheelBets(m, 10).map((b) => b.id)).toEqual([2, 1]);
  });

  it('the end settles open bets by the segment as the server pays, and adds the result to the strip', () => {
    let m = fromSnapshot(EMPTY_WHEEL_MODEL, snapshot({ bets: [bet(1, 10, 'blue', 2.01), bet(3, 11, 'grey', 3)] }), 900);
    m = withStatus(m, round({ status: 'in_progress', segment: BLUE, launched_at: 2_500, server_time: 2_500 }), 2_400);
    expect(iWon(m, 10)).toBe(true);
    expect(iWon(m, 11)).toBe(false);
    // The bet whose page a big win shares: the one on the winning colour; none for a loser.
    expect(myWinningWheelBet(m, 10)?.id).toBe(1);
    expect(myWinningWheelBet(m, 11)).toBeNull();
    m = withStatus(m, round({ status: 'ended', segment: BLUE, hash: 'ab'.repeat(32), server_time: 7_500 }), 7_400);
    // 2.01 × 3.5 = 7.035 → 7.03 (cents rounded down), grey lost.
    expect(m.bets.map((b) => [b.status, b.payout])).toEqual([
      ['won', 7.03],
      ['lost', 0],
    ]);
    expect(m.history[0]).toEqual({ round_id: 7, round_number: 4, segment: BLUE, hash: 'ab'.repeat(32) });
    // The same end again adds nothing; the next round starts with no bets.
    m = withStatus(m, round({ status: 'ended', segment: BLUE, hash: 'ab'.repeat(32) }), 7_500);
    expect(m.history).toHaveLength(1);
    m = withStatus(m, round({ round_id: 8 }), 9_000);
    expect(m.bets).toEqual([]);
    expect(wheelBettingOpen(m)).toBe(true);
  });

  it('a voided round refunds its open bets and adds no result', () => {
    let m = fromSnapshot(EMPTY_WHEEL_MODEL, snapshot({ bets: [bet(1, 10, 'gold', 1)] }), 900);
    m = withStatus(m, round({ status: 'ended', voided: true, hash: 'cd'.repeat(32) }), 1_500);
    expect(m.bets[0]).toMatchObject({ status: 'refunded', payout: 1 });
    expect(m.history).toEqual([]);
    expect(iWon(m, 10)).toBe(false);
  });

  it('the server clock offset is the best of the samples', () => {
    let m = fromSnapshot(EMPTY_WHEEL_MODEL, snapshot({ server_time: 10_000 }), 9_900);
    m = withStatus(m, round({ status: 'pending', server_time: 10_500 }), 10_350);
    expect(m.offsetMs).toBe(150);
    expect(GOLD).toBe(0);
  });
});

describe('events out of order', () => {
  it('a snapshot older than a status already applied does not take the round back', () => {
    let m = fromSnapshot(EMPTY_WHEEL_MODEL, snapshot({ status: 'ended', segment: 3, hash: 'ef'.repeat(32), server_time: 500 }), 500);
    m = withStatus(m, round({ round_id: 8, status: 'starting', server_time: 1_200 }), 1_200);
    // The snapshot built before round 8 started arrives after its status.
    m = fromSnapshot(m, snapshot({ status: 'ended', segment: 3, hash: 'ef'.repeat(32), server_time: 1_100 }), 1_250);
    expect(m.round).toMatchObject({ round_id: 8, status: 'starting' });
    // Within one round too (the snapshot's server_time is its time of sending, later): a snapshot of
    // `new` after `starting`, with its bets merged.
    m = fromSnapshot(m, snapshot({ round_id: 8, status: 'new', server_time: 1_400, bets: [bet(4, 10, 'green', 1, { round_id: 8 })] }), 1_300);
    expect(m.round?.status).toBe('starting');
    expect(m.bets.map((b) => b.id)).toEqual([4]);
    // A newer snapshot replaces it.
    m = fromSnapshot(m, snapshot({ round_id: 8, status: 'pending', server_time: 2_000 }), 2_000);
    expect(m.round?.status).toBe('pending');
  });
});
