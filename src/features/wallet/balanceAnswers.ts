import { useState } from 'react';
import type { User } from '../../../core/protocol/user.ts';
import { api } from '../../api/http.ts';
import { useSession } from '../../stores/session.ts';

// A page's own balance-changing requests can be answered out of the order the wallet committed them:
// two wheel colours pressed at once, two inventory items sold one after the other before the first
// answer. Applied as they arrive, the header would end on the older balance and keep it (on the wheel
// until the spin, while the realtime updates are held for the round). This keeps the newest:
// - Bets of a round (`bet`): a round's bets take the round's row before their id is drawn
//   (server/games/rounds/roundBets.ts), so of two bets a higher id is the later commit. An answer is
//   applied only when its bet id is above every id applied before it.
// - Any other change (`change`: a wheel cancel, a sale): its answer says nothing of where it stands
//   among the requests in flight beside it. When one overlapped another request of the page, the
//   balance is read again once every one of them is answered, and that read is applied unless a
//   newer answer came first.

export interface BalanceAnswers {
  /** Sends a bet; its answer's balance (cents or coins, as `apply` takes it) is applied in bet-id order. */
  bet<T>(send: () => Promise<T>, answerOf: (answer: T) => { betId: number; balance: number }): Promise<T>;
  /** Sends any other change; its balance is applied, and read again afterwards when it overlapped. */
  change<T>(send: () => Promise<T>, balanceOf: (answer: T) => number): Promise<T>;
}

export function createBalanceAnswers(apply: (balance: number) => void, reread: () => Promise<number | null>): BalanceAnswers {
  let newestBetId = 0;
  let inFlight = 0;
  let changeOverlapped = false;
  let changesInFlight = 0;
  /** Counts applied answers, so a read sent before a newer answer arrived is not applied over it. */
  let applied = 0;

  const applyNow = (balance: number) => {
    applied += 1;
    apply(balance);
  };

  async function tracked<T>(isChange: boolean, send: () => Promise<T>, onAnswer: (answer: T) => void): Promise<T> {
    if (inFlight > 0 && (isChange || changesInFlight > 0)) changeOverlapped = true;
    inFlight += 1;
    if (isChange) changesInFlight += 1;
    try {
      const answer = await send();
      onAnswer(answer);
      return answer;
    } finally {
      inFlight -= 1;
      if (isChange) changesInFlight -= 1;
      if (inFlight === 0 && changeOverlapped) {
        changeOverlapped = false;
        const before = applied;
        void reread()
          .then((balance) => {
            if (balance !== null && applied === before && inFlight === 0) applyNow(balance);
          })
          .catch(() => undefined);
      }
    }
  }

  return {
    bet: (send, answerOf) =>
      tracked(false, send, (answer) => {
        const { betId, balance } = answerOf(answer);
        if (betId <= newestBetId) return;
        newestBetId = betId;
        applyNow(balance);
      }),
    change: (send, balanceOf) => tracked(true, send, (answer) => applyNow(balanceOf(answer))),
  };
}

/** A page's own answers, shown in the header (the session store) and read again from `GET /api/profile`. */
export function useBalanceAnswers(): BalanceAnswers {
  const [answers] = useState(() =>
    createBalanceAnswers(
      (balance) => useSession.getState().setBalance(balance),
      () => api.get<{ data: User }>('/api/profile').then((res) => res.data.data.balance),
    ),
  );
  return answers;
}
