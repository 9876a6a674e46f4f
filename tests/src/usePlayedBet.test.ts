import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usePlayedBet, type PlayedBetSpec } from '../../src/features/games/usePlayedBet.ts';
import { FormProblem } from '../../src/features/games/betErrors.ts';
import { ApiError } from '../../src/api/http.ts';
import { useAnimation } from '../../src/stores/animation.ts';
import { useBalance } from '../../src/stores/balance.ts';
import { deferred, shownCoins as shown, startBalanceAt } from './heldBalance.ts';

// The bet flow every bet page shares: validate → flag up → send → play → balance → onPlayed → flag
// down. The order is the contract: the balance shown changes only after the scene, and a refused
// bet changes nothing.

interface Result {
  nonce: number;
  balance: number;
}

const Body = z.object({ amount: z.number().min(1, 'Too small.') });
type BodyT = z.input<typeof Body>;


function hook(spec: Partial<PlayedBetSpec<BodyT, Result>> & Pick<PlayedBetSpec<BodyT, Result>, 'send' | 'play'>, log: string[]) {
  return renderHook(() =>
    usePlayedBet<BodyT, Result>({
      schema: async () => Body,
      onPlayed: (r) => log.push(`played ${r.nonce}`),
      ...spec,
    }),
  );
}

let version = 1;
/** An answer as the client's HTTP client hands it over: its balance already in the store (src/api/http.ts). */
function answered(nonce: number, balance: number) {
  version += 1;
  useBalance.getState().receive({ coins: balance, version });
  return { result: { nonce, balance }, version };
}

beforeEach(() => {
  version = 1;
  startBalanceAt(10);
});

describe('usePlayedBet', () => {
  it('raises the flag before sending and applies the balance only after the scene', async () => {
    const log: string[] = [];
    const scene = deferred<void>();
    const { result } = hook(
      {
        send: async () => {
          log.push(`send, flag ${useAnimation.getState().running}`);
          return answered(1, 12);
        },
        play: () => {
          log.push(`play, balance ${shown()}`);
          return scene.promise;
        },
      },
      log,
    );
    let placed!: Promise<Result>;
    act(() => {
      placed = result.current.place({ amount: 5 });
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(shown()).toBe(10);
    scene.resolve();
    await act(async () => {
      await placed;
    });
    expect(log).toEqual(['send, flag 1', 'play, balance 10', 'played 1']);
    expect(shown()).toBe(12);
    expect(useAnimation.getState().running).toBe(0);
  });

  it('auto-bet (balanceOnAnswer): the balance shows on the answer, the flag is down and the bet resolves while the scene still plays', async () => {
    const log: string[] = [];
    const scene = deferred<void>();
    const { result } = hook(
      {
        send: async () => answered(2, 15),
        play: () => {
          log.push(`play, balance ${shown()}, flag ${useAnimation.getState().running}`);
          return scene.promise;
        },
        balanceOnAnswer: () => true,
      },
      log,
    );
    let placed!: Promise<Result>;
    let resolved = false;
    act(() => {
      placed = result.current.place({ amount: 5 }).then((r) => ((resolved = true), r));
    });
    await act(async () => {
      await Promise.resolve();
      await Promise.resolve();
    });
    expect(log).toEqual(['play, balance 15, flag 0']);
    expect(resolved).toBe(true); // the next auto bet does not wait for this scene
    await act(async () => {
      await placed;
    });
    scene.resolve();
    await act(async () => {
      await scene.promise;
      await Promise.resolve();
    });
    expect(log).toEqual(['play, balance 15, flag 0', 'played 2']);
    expect(useAnimation.getState().running).toBe(0);
  });

  it('refuses what the schema refuses without sending, and shows the problem', async () => {
    const log: string[] = [];
    const { result } = hook({ send: async () => (log.push('send'), answered(1, 1)), play: async () => undefined }, log);
    await act(async () => {
      await expect(result.current.place({ amount: 0 })).rejects.toBeInstanceOf(FormProblem);
    });
    expect(log).toEqual([]);
    expect(result.current.problem).toEqual({ field: 'amount', message: 'Too small.' });
    expect(useAnimation.getState().running).toBe(0);
  });

  it("lowers the flag and shows the server's field error when the bet is refused", async () => {
    const refused = new ApiError({ method: 'POST', path: '/api/dice/bet' }, { status: 422, data: { message: 'bad', errors: { amount: ['Insufficient balance'] } }, headers: new Headers() }, null);
    const { result } = hook({ send: async () => Promise.reject(refused), play: async () => undefined }, []);
    await act(async () => {
      await expect(result.current.place({ amount: 5 })).rejects.toBe(refused);
    });
    expect(result.current.problem).toEqual({ field: 'amount', message: 'Insufficient balance' });
    expect(useAnimation.getState().running).toBe(0);
    expect(shown()).toBe(10);
  });

  it('with bets in flight, answers at once and keeps the newest balance and result when scenes end out of order', async () => {
    const scenes = new Map<number, ReturnType<typeof deferred<void>>>([
      [1, deferred<void>()],
      [2, deferred<void>()],
    ]);
    let nonce = 0;
    const landings: string[] = [];
    const { result } = hook(
      {
        send: async () => {
          nonce += 1;
          return answered(nonce, 100 + nonce);
        },
        play: (r) => scenes.get(r.nonce)!.promise,
        onPlayed: (r, _msg, latest) => landings.push(`${r.nonce}${latest ? ' latest' : ' older'}`),
        overlap: true,
      },
      [],
    );
    await act(async () => {
      await result.current.place({ amount: 1 });
      await result.current.place({ amount: 1 });
    });
    expect(useAnimation.getState().running).toBe(2);
    await act(async () => {
      scenes.get(2)!.resolve();
      await scenes.get(2)!.promise;
    });
    expect(shown()).toBe(102);
    await act(async () => {
      scenes.get(1)!.resolve();
      await scenes.get(1)!.promise;
    });
    expect(shown()).toBe(102);
    expect(useAnimation.getState().running).toBe(0);
    // The older bet's landing must not take the result line (or toast) back from the newer one.
    expect(landings).toEqual(['2 latest', '1 older']);
  });
});
