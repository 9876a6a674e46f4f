import { beforeEach, describe, expect, it } from 'vitest';
import { holdForScene } from '../../src/features/scenes/sceneHold.ts';
import { useAnimation } from '../../src/stores/animation.ts';
import { useBalance } from '../../src/stores/balance.ts';
import { deferred, shownCoins as shown, startBalanceAt } from './heldBalance.ts';

// The one finish path of every game page (src/features/scenes/sceneHold.ts): a hold raises the
// animation flag, an answer's balance shows at once or when the scene's play settles, and the flag
// comes down with the last hold. The pages' own orders are in usePlayedBet, useCrashBetting and
// useWheelBetting's tests.

let version = 1;
/** A balance the server sent (an answer's headers or a realtime event): the next commit's. */
const receive = (coins: number) => {
  version += 1;
  useBalance.getState().receive({ coins, version });
  return version;
};
const flag = () => useAnimation.getState().running;

beforeEach(() => {
  version = 1;
  startBalanceAt(10);
});

describe('holdForScene', () => {
  it('holds from the start; a stake shows at once, the win when the play settles', async () => {
    const hold = holdForScene();
    expect(flag()).toBe(1);
    hold.showNow(receive(8)); // the stake leaves
    expect(shown()).toBe(8);
    hold.showAtEnd(receive(14)); // the win, decided already
    receive(15); // e.g. a deposit meanwhile, through the socket
    expect(shown()).toBe(8);
    const scene = deferred();
    const ended = hold.endAfter(scene.promise);
    await Promise.resolve();
    expect(shown()).toBe(8);
    expect(hold.ended).toBe(false);
    scene.resolve();
    await ended;
    expect(hold.ended).toBe(true);
    // The flag is down: the newest balance shows, not only the page's own answer.
    expect(shown()).toBe(15);
    expect(flag()).toBe(0);
  });

  it('ends once however often it is told; an answer after the end shows at once', () => {
    const hold = holdForScene();
    const other = holdForScene(); // another scene still playing
    hold.end();
    hold.end();
    expect(flag()).toBe(1);
    hold.showAtEnd(receive(12)); // e.g. a cash-out answered after its marker was drawn
    expect(shown()).toBe(12);
    other.end();
    expect(flag()).toBe(0);
  });

  it('a play that fails still ends the hold', async () => {
    const hold = holdForScene();
    hold.showAtEnd(receive(11));
    await expect(hold.endAfter(Promise.reject(new Error('no WebGL')))).rejects.toThrow('no WebGL');
    expect(hold.ended).toBe(true);
    expect(shown()).toBe(11);
    expect(flag()).toBe(0);
  });

  it('of two answers the later version shows at the end, whatever order they were given in', async () => {
    const hold = holdForScene();
    const first = receive(20);
    const second = receive(30);
    hold.showAtEnd(second);
    hold.showAtEnd(first);
    const other = holdForScene(); // keeps the flag up, so only the hold's own answer can show
    receive(40);
    hold.end();
    expect(shown()).toBe(30);
    other.end();
    expect(shown()).toBe(40);
  });
});
