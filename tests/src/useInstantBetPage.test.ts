import { act, renderHook } from '@testing-library/react';
import { toast } from '../../src/components/toast.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useInstantBetPage, type InstantBetSpec } from '../../src/features/games/useInstantBetPage.ts';
import { useAnimation } from '../../src/stores/animation.ts';
import { useModals } from '../../src/stores/modals.ts';
import { useSession } from '../../src/stores/session.ts';
import { fakeApi } from './fakeApi.ts';
import { deferred, shownCoins as shown, startBalanceAt } from './heldBalance.ts';
import { diceBet } from '../../core/protocol/routes/games.ts';

// The state dice and plinko share (src/features/games/useInstantBetPage.ts), against a scripted
// server at the network edge: the typed amount goes out in coins with the page's own fields, the
// result and the history key change after the scene, a guest is sent to log in, errors go through
// the shared handler, and an auto bet plays quick (and, for dice, shows its balance on the answer).

interface Body {
  amount: number;
  target: number;
}
interface Result {
  roll: number;
  payout: number;
  public_id: string;
}

const fake = fakeApi();
let version = 1;
let balance = 100;
const Schema = z.object({ amount: z.number().min(0.1, 'The minimum bet is 0.10.'), target: z.number() });

function answerBet(body: { [key: string]: unknown } | undefined) {
  balance = balance - Number(body!.amount) + 3;
  return { status: 200, data: { data: { roll: 42, payout: 3, public_id: 'f'.repeat(32) } }, balance: { coins: balance, version: (version += 1) } };
}

function hook(over: Partial<InstantBetSpec<Body, Result>> = {}) {
  const plays: { result: Result; quick: boolean; done: () => void }[] = [];
  const rendered = renderHook(() =>
    useInstantBetPage<Body, Result>({
      route: diceBet,
      schema: async () => Schema,
      body: (amount) => ({ amount, target: 49.5 }),
      play: (result, quick) => {
        const scene = deferred();
        plays.push({ result, quick, done: scene.resolve });
        return scene.promise;
      },
      ...over,
    }),
  );
  return { ...rendered, plays };
}

beforeEach(() => {
  version = 1;
  balance = 100;
  startBalanceAt(100);
  fake.install({ '/api/dice/bet': answerBet });
  useSession.setState({ user: { id: 3, name: 'me', balance: 100 } as never });
  useModals.setState({ modal: null });
});
afterEach(() => {
  fake.restore();
  vi.restoreAllMocks();
});

describe('useInstantBetPage', () => {
  it('bets the typed amount with the page’s fields; the result and history follow the scene', async () => {
    const celebrate = vi.fn();
    const { result, plays } = hook({ celebrate });
    act(() => result.current.setAmount('2.50'));
    expect(result.current.amountCents).toBe(250);
    let placed!: Promise<void>;
    act(() => {
      placed = result.current.betOnce();
    });
    expect(result.current.busy).toBe(true);
    await vi.waitFor(() => expect(plays).toHaveLength(1));
    expect(fake.calls).toEqual([{ url: '/api/dice/bet', body: { amount: 2.5, target: 49.5 } }]);
    expect(plays[0]!.quick).toBe(false);
    // Until the scene has finished: the old balance, no result, the history as it was.
    expect(shown()).toBe(100);
    expect(result.current.last).toBeNull();
    const key = result.current.historyKey;
    await act(async () => {
      plays[0]!.done();
      await placed;
    });
    expect(shown()).toBe(100.5);
    expect(result.current.last).toEqual({ roll: 42, payout: 3, public_id: 'f'.repeat(32) });
    // After the scene, the win and its bet's public id (the page's Share of a big win).
    expect(celebrate).toHaveBeenCalledWith({ stake: 2.5, payout: 3 }, 'f'.repeat(32));
    expect(result.current.historyKey).toBe(key + 1);
    expect(result.current.busy).toBe(false);
  });

  it('a guest is asked to log in and nothing is sent; an empty amount is no amount', async () => {
    useSession.setState({ user: null });
    const { result } = hook();
    act(() => result.current.setAmount(''));
    expect(result.current.amountCents).toBeNull();
    await act(async () => {
      await result.current.betOnce();
    });
    expect(useModals.getState().modal).toBe('login');
    expect(fake.calls).toEqual([]);
  });

  it('errors go through the shared handler: a field problem beneath its field, the rest a toast', async () => {
    const errors = vi.spyOn(toast, 'error');
    const { result } = hook();
    act(() => result.current.setAmount('0.05'));
    await act(async () => {
      await result.current.betOnce();
    });
    expect(result.current.problem).toEqual({ field: 'amount', message: 'The minimum bet is 0.10.' });
    expect(fake.calls).toEqual([]);
    fake.install({ '/api/dice/bet': () => ({ status: 500, data: { message: 'Server Error' } }) });
    act(() => result.current.setAmount('1.00'));
    await act(async () => {
      await result.current.betOnce();
    });
    expect(errors).toHaveBeenCalledWith('Server Error');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(useAnimation.getState().running).toBe(0);
  });

  it('auto: each bet plays quick; with autoOnAnswer its balance shows on the answer, and onPlayed hears the mode', async () => {
    const modes: string[] = [];
    const { result, plays } = hook({ autoOnAnswer: true, onPlayed: (_r, _msg, mode) => modes.push(mode) });
    act(() => result.current.setMode('auto'));
    act(() => result.current.auto.start({ baseAmount: 100, bets: 1, onWin: { mode: 'reset' }, onLoss: { mode: 'reset' }, stopOnProfit: 0, stopOnLoss: 0 }));
    await vi.waitFor(() => expect(result.current.auto.running).toBe(false));
    expect(plays.map((p) => p.quick)).toEqual([true]);
    expect(shown()).toBe(102); // 100 − 1 + 3, before the scene has finished
    expect(result.current.auto.state?.profit).toBe(200);
    await act(async () => plays[0]!.done());
    expect(modes).toEqual(['auto']);
  });
});
