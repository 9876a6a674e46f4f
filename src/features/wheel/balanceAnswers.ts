// The wheel page's own bets and cancels can be answered out of the order the wallet committed them:
// two colours clicked at once, and the answer of the first committed arrives last. Applied as they
// arrive, the header would end on the older balance and keep it until the spin (the realtime
// updates are held for the round). This keeps the newest:
// - Bets: a round's bets take the round's row before their id is drawn
//   (server/games/rounds/roundBets.ts), so of two bets a higher id is the later commit. An answer is
//   applied only when its bet id is above every id applied before it.
// - Cancels: a cancel takes that row too, but its answer says nothing of where it stands among the
//   bets in flight beside it. When a cancel overlapped another request of the page, the balance is
//   read again once every one of them is answered, and that read is applied unless a newer answer
//   came first.

export interface BalanceAnswers {
  /** Sends a bet; its answer's balance (cents or coins, as `apply` takes it) is applied in bet-id order. */
  bet<T>(send: () => Promise<T>, answerOf: (answer: T) => { betId: number; balance: number }): Promise<T>;
  /** Sends a cancel; its balance is applied, and read again afterwards when it overlapped. */
  cancel<T>(send: () => Promise<T>, balanceOf: (answer: T) => number): Promise<T>;
}

export function createBalanceAnswers(apply: (balance: number) => void, reread: () => Promise<number | null>): BalanceAnswers {
  let newestBetId = 0;
  let inFlight = 0;
  let cancelOverlapped = false;
  let cancelsInFlight = 0;
  /** Counts applied answers, so a read sent before a newer answer arrived is not applied over it. */
  let applied = 0;

  const applyNow = (balance: number) => {
    applied += 1;
    apply(balance);
  };

  async function tracked<T>(isCancel: boolean, send: () => Promise<T>, onAnswer: (answer: T) => void): Promise<T> {
    if (inFlight > 0 && (isCancel || cancelsInFlight > 0)) cancelOverlapped = true;
    inFlight += 1;
    if (isCancel) cancelsInFlight += 1;
    try {
      const answer = await send();
      onAnswer(answer);
      return answer;
    } finally {
      inFlight -= 1;
      if (isCancel) cancelsInFlight -= 1;
      if (inFlight === 0 && cancelOverlapped) {
        cancelOverlapped = false;
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
    cancel: (send, balanceOf) => tracked(true, send, (answer) => applyNow(balanceOf(answer))),
  };
}
