import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCrashGame } from '../../src/features/crash/crashGame.ts';
import { EMPTY_MODEL, type CrashGameModel } from '../../src/features/crash/crashRound.ts';
import { useCrashBetting, type PlayCrashBet } from '../../src/features/crash/useCrashBetting.ts';
import { useAnimation } from '../../src/stores/animation.ts';
import { useBalance } from '../../src/stores/balance.ts';
import { shownCoins as shown, startBalanceAt } from './heldBalance.ts';
import { useSession } from '../../src/stores/session.ts';
import { fakeApi } from './fakeApi.ts';
import { crashBet, crashRoundState } from './roundStates.ts';

// The player's side of a crash round (src/features/crash/useCrashBetting.ts), against a scripted
// server at the network edge (the browser's fetch), the round store set by hand and the scene's bet
// play settled by the test (the scene's side, when a bet's outcome counts as drawn, is
// tests/scenes/crashBetPlay.test.ts): the stake leaves at once; a bet while a round runs waits for
// the next window; realtime balance updates are held from the bet until its play settles (the
// player's own cash-out marker drawn), and the cash-out's balance shows then; a bet that busts lets
// the held balance through. tests/e2e/crash.spec.ts keeps one journey of the wiring (a real round,
// the header, the lists).

const ME = 10;
const fake = fakeApi();
const calls = fake.calls;
const answers = fake.handlers;

const round = crashRoundState;

const setModel = (over: Partial<CrashGameModel>) => act(() => useCrashGame.setState({ model: { ...EMPTY_MODEL, ...over } }));
let version = 1;
/** A realtime balanceUpdated: the next commit's balance. */
const realtime = (coins: number) => useBalance.getState().receive({ coins, version: (version += 1) });
const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

/** The crash scene as the hook sees it: each bet's play waits until the test draws its outcome. */
const plays = new Map<string | number, () => void>();
const play: PlayCrashBet = (bet) => new Promise((resolve) => plays.set(bet.key, resolve));
/** The scene has drawn the outcome of bet `key` (its marker, or its round's crash): its play settles. */
const drawn = (key: number) =>
  act(async () => {
    plays.get(key)!();
    await new Promise((r) => setTimeout(r, 0));
  });
const hook = () => renderHook(() => useCrashBetting(play));

beforeEach(() => {
  fake.install({
    '/api/crash/bet': () => ({ status: 200, data: { data: { bet: { id: 7, round_id: 5, amount: 2, auto_cashout: null }, balance: 98 }, msg: 'Bet placed' }, balance: { coins: 98, version: (version += 1) } }),
    '/api/crash/close-bet': () => ({ status: 200, data: { data: { multiplier: 1.5, payout: 3, balance: 101 }, msg: 'Cashed out' }, balance: { coins: 101, version: (version += 1) } }),
  });
  version = 1;
  plays.clear();
  useSession.setState({ user: { id: ME, name: 'me', balance: 100 } as never });
  startBalanceAt(100);
  useCrashGame.setState({ model: EMPTY_MODEL, connected: true });
});
afterEach(() => {
  fake.restore();
});

/** The hook with the player's 2.00 bet placed and its round flying. */
async function betThenFly() {
  setModel({ round: round() });
  const { result } = hook();
  await act(async () => {
    await result.current.bet({ amount: 2, auto_cashout: null });
  });
  setModel({ round: round({ status: 'in_progress', launched_at: 900 }), bets: [crashBet()] });
  return result;
}

describe('useCrashBetting', () => {
  it('the stake leaves at once; balance updates are held from the bet', async () => {
    setModel({ round: round() });
    const { result } = hook();
    let placed!: { id: number; roundId: number };
    await act(async () => {
      placed = await result.current.bet({ amount: 2, auto_cashout: null });
    });
    expect(placed).toEqual({ id: 7, roundId: 5 });
    expect(calls.map((c) => c.url)).toEqual(['/api/crash/bet']);
    expect(calls[0]!.body).toEqual({ amount: 2, auto_cashout: null });
    expect(shown()).toBe(98);
    // The wallet's notice of a cash-out may come before the marker: held.
    act(() => realtime(101));
    expect(shown()).toBe(98);
    expect(useAnimation.getState().active).toBe(true);
  });

  it('a bet while a round flies waits for the next window and goes in then', async () => {
    setModel({ round: round({ round_id: 4, status: 'in_progress', launched_at: 900 }) });
    const { result } = hook();
    let placed: Promise<{ id: number; roundId: number }> | undefined;
    act(() => {
      placed = result.current.bet({ amount: 2, auto_cashout: 1.5 });
    });
    await flush();
    expect(result.current.queued).toEqual({ amount: 2, auto_cashout: 1.5 });
    expect(calls).toEqual([]);
    setModel({ round: round() });
    await act(async () => {
      await placed;
    });
    expect(calls.map((c) => c.url)).toEqual(['/api/crash/bet']);
    expect(result.current.queued).toBeNull();
    expect(shown()).toBe(98);
  });

  it('a refused bet changes nothing and lowers the flag', async () => {
    answers['/api/crash/bet'] = () => ({ status: 409, data: { message: 'Betting is closed for this round. Bet on the next round.' } });
    setModel({ round: round() });
    const { result } = hook();
    await act(async () => {
      await expect(result.current.bet({ amount: 2, auto_cashout: null })).rejects.toThrow();
    });
    expect(shown()).toBe(100);
    expect(useAnimation.getState().active).toBe(false);
  });

  it('a cash-out is credited when its own marker is drawn, not at the answer', async () => {
    const result = await betThenFly();
    await act(async () => {
      await result.current.cashOut(1.13);
    });
    expect(calls.map((c) => c.url)).toEqual(['/api/crash/bet', '/api/crash/close-bet']);
    // It asks for the multiplier the button showed at the click.
    expect(calls[1]!.body).toEqual({ multiplier: 1.13 });
    expect(shown()).toBe(98);
    expect([...plays.keys()]).toEqual([7]); // the bet's own play, keyed by its id
    await drawn(7);
    expect(shown()).toBe(101);
    expect(useAnimation.getState().active).toBe(false);
  });

  it('a marker drawn before the cash-out’s answer credits at the answer', async () => {
    const result = await betThenFly();
    await drawn(7);
    await act(async () => {
      await result.current.cashOut(1.13);
    });
    expect(shown()).toBe(101);
  });

  it('an auto cash-out: the held balance shows when the marker is drawn, and settled gives the payout', async () => {
    answers['/api/crash/bet'] = () => ({ status: 200, data: { data: { bet: { id: 7, round_id: 5, amount: 1, auto_cashout: 1.01 }, balance: 49 }, msg: 'Bet placed' }, balance: { coins: 49, version: (version += 1) } });
    startBalanceAt(50);
    setModel({ round: round() });
    const { result } = hook();
    let placed!: { id: number; roundId: number };
    await act(async () => {
      placed = await result.current.bet({ amount: 1, auto_cashout: 1.01 });
    });
    const payout = result.current.settled(placed);
    const flying = { round: round({ status: 'in_progress', launched_at: 900 }), bets: [crashBet({ amount: 1, auto_cashout: 1.01, status: 'cashed_out', cashed_out_at: 1.01, payout: 1.01 })] };
    setModel(flying);
    act(() => realtime(50.01));
    expect(shown()).toBe(49);
    await drawn(7);
    expect(shown()).toBe(50.01);
    await expect(payout).resolves.toBe(101);
  });

  it('a bet that busts lets the held balance through, and settled gives 0', async () => {
    setModel({ round: round() });
    const { result } = hook();
    let placed!: { id: number; roundId: number };
    await act(async () => {
      placed = await result.current.bet({ amount: 2, auto_cashout: null });
    });
    const payout = result.current.settled(placed);
    act(() => realtime(97)); // e.g. a bet elsewhere meanwhile
    expect(shown()).toBe(98);
    setModel({ round: round({ status: 'ended', crash_point: 1.2, hash: 'h' }), bets: [crashBet({ status: 'lost', payout: 0 })] });
    // Held until the scene has drawn the crash.
    expect(useAnimation.getState().active).toBe(true);
    await drawn(7);
    expect(useAnimation.getState().active).toBe(false);
    expect(shown()).toBe(97);
    await expect(payout).resolves.toBe(0);
  });

  it('leaving the page lets the held balance through', async () => {
    setModel({ round: round() });
    const { result, unmount } = hook();
    await act(async () => {
      await result.current.bet({ amount: 2, auto_cashout: null });
    });
    act(() => realtime(97));
    expect(shown()).toBe(98);
    unmount();
    expect(useAnimation.getState().active).toBe(false);
    expect(shown()).toBe(97);
  });
});
