import { useAnimation } from '../../stores/animation.ts';
import { useBalance } from '../../stores/balance.ts';

// The one path from "a scene has finished" to the shown balance (docs/scenes.md, "When a scene has
// finished"). Every game page bets the same way: a hold raises the animation flag before the
// request (the wallet's realtime balanceUpdated can beat the answer), each answer's balance either
// shows at once (`showNow`: a stake leaving, a cancel's stake coming back) or when the scene has
// drawn the outcome (`showAtEnd`: a win, a landed ball, a cash-out), and the scene says it has
// drawn it in one form only: its play() promise settling (`endAfter`). A play always settles (on
// completion, skip, abort or unmount), so every hold ends. Only this module tells the balance
// store which answer may show (`showUpTo`).

export interface SceneHold {
  /** An answer whose balance shows now, though the flag holds realtime balances back. */
  showNow(version: number | null): void;
  /** An answer whose balance shows when the hold ends (at once if it already has). */
  showAtEnd(version: number | null): void;
  /** Ends the hold when `played` (a scene's play) settles; the returned promise settles with it. */
  endAfter(played: Promise<void>): Promise<void>;
  /** Ends the hold now: the balances given to showAtEnd show, the flag comes down. Idempotent. */
  end(): void;
  readonly ended: boolean;
}

const show = (version: number | null) => {
  if (version !== null) useBalance.getState().showUpTo(version);
};

/** Raises the animation flag for one bet (or one round's bets) until its scene has finished. */
export function holdForScene(): SceneHold {
  useAnimation.getState().begin();
  let ended = false;
  let atEnd: number | null = null;
  const end = () => {
    if (ended) return;
    ended = true;
    show(atEnd);
    useAnimation.getState().end();
  };
  return {
    showNow: show,
    showAtEnd(version) {
      if (version === null) return;
      if (ended) return show(version);
      atEnd = Math.max(atEnd ?? version, version);
    },
    endAfter: (played) => played.finally(end),
    end,
    get ended() {
      return ended;
    },
  };
}
