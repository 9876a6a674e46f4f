import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { WHEEL_MAX_BET, WHEEL_MIN_BET, type WheelColor } from '../../../core/games/wheel.ts';
import { coinAmountProblem } from '../../../core/protocol/amountRules.ts';
import type { WheelBetAnswer } from '../../../core/protocol/wheel.ts';
import { api } from '../../api/http.ts';
import { useAnimation } from '../../stores/animation.ts';
import { fieldProblem, FormProblem } from '../games/betErrors.ts';
import { useBalanceAnswers } from '../wallet/balanceAnswers.ts';
import { useWheelGame } from './wheelGame.ts';

// The player's side of a wheel round (docs/wheel.md, "Client"): bets on colours (several per round,
// several per colour), cancels while betting is open, and the balance rule: a stake leaves at once
// (the bet's answer), a cancel's stake returns at once (its answer), and from the first bet of a
// round the realtime balance updates are held (the animation flag) until the page says the spin
// was drawn, so a win shows in the header when the wheel has stopped, not before. Answers that
// arrive out of commit order (two colours at once) are put back in order (src/features/wallet/balanceAnswers.ts).

export interface WheelBetting {
  sending: WheelColor | null;
  canceling: number | null;
  problem: { field: string; message: string } | null;
  bet(color: WheelColor, amount: number): Promise<void>;
  cancel(betId: number): Promise<void>;
  /** The spin of `roundId` is drawn (or there is nothing to draw): held balances go through. */
  spinDrawn(roundId: number): void;
}

/** The flag is up for no round, for a bet on its way (round unknown yet), or for a round. */
const SENDING = -1;

export function useWheelBetting(): WheelBetting {
  const [sending, setSending] = useState<WheelColor | null>(null);
  const [canceling, setCanceling] = useState<number | null>(null);
  const [problem, setProblem] = useState<WheelBetting['problem']>(null);
  const holding = useRef<number | null>(null);
  const answers = useBalanceAnswers();

  const release = useCallback(() => {
    if (holding.current === null) return;
    holding.current = null;
    useAnimation.getState().end();
  }, []);

  // Leaving the page lets the held balance through; so does a round that moved past the held one
  // without the page drawing its spin (e.g. a hidden tab).
  useEffect(() => release, [release]);
  useEffect(
    () =>
      useWheelGame.subscribe((s) => {
        const held = holding.current;
        if (held !== null && held !== SENDING && s.model.round && s.model.round.round_id > held) release();
      }),
    [release],
  );

  const bet = useCallback(
    async (color: WheelColor, amount: number) => {
      // The route's own rule (core amountRules), checked here without loading the schema library.
      const invalid = coinAmountProblem(amount, { min: WHEEL_MIN_BET, max: WHEEL_MAX_BET });
      if (invalid) {
        setProblem({ field: 'amount', message: invalid });
        throw new FormProblem('amount', invalid);
      }
      setProblem(null);
      setSending(color);
      // Up before the request: the wallet's balanceUpdated can reach the socket before the answer.
      const raised = holding.current === null;
      if (raised) {
        useAnimation.getState().begin();
        holding.current = SENDING;
      }
      try {
        // The stake leaves at once: the answer's balance, unless a later bet's is already shown.
        const res = await answers.bet(
          () => api.post<{ data: WheelBetAnswer; msg: string }>('/api/wheel/bet', { amount, color }),
          (r) => ({ betId: r.data.data.bet.id, balance: r.data.data.balance }),
        );
        holding.current = res.data.data.bet.round_id;
        toast.success(res.data.msg);
      } catch (error) {
        if (raised && holding.current === SENDING) release();
        const server = fieldProblem(error);
        if (server) setProblem(server);
        throw error;
      } finally {
        setSending(null);
      }
    },
    [release, answers],
  );

  const cancel = useCallback(async (betId: number) => {
    setCanceling(betId);
    try {
      const res = await answers.change(
        () => api.post<{ data: { balance: number }; msg: string }>(`/api/wheel/bet/${betId}/cancel`, {}),
        (r) => r.data.data.balance, // the stake is back at once
      );
      toast.success(res.data.msg);
    } finally {
      setCanceling(null);
    }
  }, [answers]);

  const spinDrawn = useCallback(
    (roundId: number) => {
      const held = holding.current;
      if (held !== null && held !== SENDING && held <= roundId) release();
    },
    [release],
  );

  return { sending, canceling, problem, bet, cancel, spinDrawn };
}
