import { useAnimation } from '../../src/stores/animation.ts';
import { useBalance } from '../../src/stores/balance.ts';

// The shown balance and the animation flag as the game hooks' tests set them up and read them
// (sceneHold, usePlayedBet, useCrashBetting, useWheelBetting), and a promise the test settles (a
// scene's play).

/** No scene running, `coins` shown at version 1. */
export function startBalanceAt(coins: number): void {
  useAnimation.setState({ active: false, running: 0, heldDrops: [] });
  useBalance.setState({ shown: { coins, version: 1 }, newest: { coins, version: 1 }, held: [], playing: false });
}

export const shownCoins = () => useBalance.getState().shown?.coins;

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
