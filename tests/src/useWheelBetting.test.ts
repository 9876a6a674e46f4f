import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../src/components/toast.tsx';
import type { WheelRoundState } from '../../core/protocol/wheelEvents.ts';
import { useWheelGame } from '../../src/features/wheel/wheelGame.ts';
import { EMPTY_WHEEL_MODEL } from '../../src/features/wheel/wheelRound.ts';
import { useWheelBetting } from '../../src/features/wheel/useWheelBetting.ts';
import { useAnimation } from '../../src/stores/animation.ts';
import { useBalance } from '../../src/stores/balance.ts';
import { shownCoins as shown, startBalanceAt } from './heldBalance.ts';
import { fakeApi } from './fakeApi.ts';
import { wheelRoundState } from './roundStates.ts';

// The player's side of a wheel round (src/features/wheel/useWheelBetting.ts), against a scripted
// server at the network edge (the browser's fetch): a stake leaves at once (the bet's answer), a
// cancel's stake comes back at once (its answer), and from the first bet of a round realtime
// balance updates are held until the round's spin has played (its play settled), or the round
// moved past it. The bet's msg is no toast: the bet shows in the panel's own list.
// tests/e2e/wheel.spec.ts keeps one journey of the wiring (a real round, the header, the spin).

const fake = fakeApi();
const calls = fake.calls;
const answers = fake.handlers;

const round = (over: Partial<WheelRoundState> = {}) => wheelRoundState({ spin_ms: 2500, ...over });

let version = 1;
/** A realtime balanceUpdated: the next commit's balance. */
const realtime = (coins: number) => useBalance.getState().receive({ coins, version: (version += 1) });
const setRound = (over: Partial<WheelRoundState>) => act(() => useWheelGame.setState({ model: { ...EMPTY_WHEEL_MODEL, round: round(over) } }));

beforeEach(() => {
  let balance = 100;
  let id = 20;
  version = 1;
  fake.install({
    '/api/wheel/bet': (body) => {
      balance -= Number(body!.amount);
      id += 1;
      return { status: 200, data: { data: { bet: { id, round_id: 7, amount: body!.amount, color: body!.color }, balance }, msg: 'Bet placed' }, balance: { coins: balance, version: (version += 1) } };
    },
    '/api/wheel/bet/22/cancel': () => ({ status: 200, data: { data: { balance: (balance += 2) }, msg: 'Bet canceled' }, balance: { coins: balance, version: (version += 1) } }),
  });
  startBalanceAt(100);
  useWheelGame.setState({ model: { ...EMPTY_WHEEL_MODEL, round: round() }, connected: true });
});
afterEach(() => {
  fake.restore();
  vi.restoreAllMocks();
});

describe('useWheelBetting', () => {
  it('each stake leaves at once, and a cancel’s stake comes back at once; neither is a toast', async () => {
    const toasts = [vi.spyOn(toast, 'success'), vi.spyOn(toast, 'info')];
    const { result } = renderHook(() => useWheelBetting());
    await act(async () => {
      await result.current.bet('blue', 2);
    });
    expect(shown()).toBe(98);
    await act(async () => {
      await result.current.bet('gold', 2);
    });
    expect(shown()).toBe(96);
    await act(async () => {
      await result.current.cancel(22);
    });
    expect(shown()).toBe(98);
    expect(calls.map((c) => c.url)).toEqual(['/api/wheel/bet', '/api/wheel/bet', '/api/wheel/bet/22/cancel']);
    expect(calls[0]!.body).toEqual({ amount: 2, color: 'blue' });
    // The bets show in the panel's own list: a toast per press would stack over the page.
    for (const spy of toasts) expect(spy).not.toHaveBeenCalled();
  });

  it('holds realtime balance updates from the first bet until the spin is drawn', async () => {
    const { result } = renderHook(() => useWheelBetting());
    await act(async () => {
      await result.current.bet('grey', 1);
    });
    expect(shown()).toBe(99);
    // The win's balanceUpdated comes when the round settles, before the wheel has stopped.
    act(() => realtime(101));
    expect(shown()).toBe(99);
    // A spin played for an earlier round lets nothing through.
    await act(async () => result.current.spinPlayed(6, Promise.resolve()));
    expect(shown()).toBe(99);
    // The round's spin is playing: still held until its play settles.
    let landed!: () => void;
    act(() => result.current.spinPlayed(7, new Promise<void>((resolve) => (landed = resolve))));
    expect(shown()).toBe(99);
    await act(async () => landed());
    expect(shown()).toBe(101);
    expect(useAnimation.getState().active).toBe(false);
  });

  it('a round the page did not draw (a hidden tab) releases the hold when the next one comes', async () => {
    const { result } = renderHook(() => useWheelBetting());
    await act(async () => {
      await result.current.bet('grey', 1);
    });
    act(() => realtime(101));
    setRound({ round_id: 8 });
    expect(useAnimation.getState().active).toBe(false);
    expect(shown()).toBe(101);
  });

  it('a refused bet changes nothing and lowers the flag; a bad amount is not sent', async () => {
    answers['/api/wheel/bet'] = () => ({ status: 409, data: { message: 'Betting is closed for this round.', msg: 'Betting is closed for this round.' } });
    const { result } = renderHook(() => useWheelBetting());
    await act(async () => {
      await expect(result.current.bet('grey', 1)).rejects.toThrow();
    });
    expect(shown()).toBe(100);
    expect(useAnimation.getState().active).toBe(false);
    await act(async () => {
      await expect(result.current.bet('grey', 0.001)).rejects.toThrow();
    });
    expect(result.current.problem?.field).toBe('amount');
    expect(calls).toHaveLength(1);
  });
});
