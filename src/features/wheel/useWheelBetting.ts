import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { WHEEL_MAX_BET, WHEEL_MIN_BET, type WheelColor } from '../../../core/games/wheel.ts';
import { coinAmountProblem } from '../../../core/protocol/amountRules.ts';
import type { WheelBetResponse, WheelCancelResponse } from '../../../core/protocol/wheel.ts';
import { api, balanceVersionOf } from '../../api/http.ts';
import { useAnimation } from '../../stores/animation.ts';
import { useBalance } from '../../stores/balance.ts';
import { fieldProblem, FormProblem } from '../games/betErrors.ts';
import { useWheelGame } from './wheelGame.ts';

// The player's side of a wheel round (docs/wheel.md, "Client"): bets on colours (several per round,
// several per colour), cancels while betting is open, and the balance rule: a stake leaves at once
// (the bet's answer), a cancel's stake returns at once (its answer), and from the first bet of a
// round the realtime balance updates are held (the animation flag) until the page says the spin
// was drawn, so a win shows in the header when the wheel has stopped, not before. Answers that
// arrive out of commit order (two colours at once) show in order: a balance shows only when its
// version is newer than the shown one (src/stores/balance.ts).

export interface WheelBetting {
  sending: WheelColor | null;
  canceling: number | null;
  problem: { field: string; message: string } | null;
  bet(color: WheelColor, amount: number): Promise<void>;
  cancel(betId: number): Promise<void>;
  /** The spin of `roundId` is drawn (or there is nothing to draw): held balances go through. */
  spinDrawn(roundId: number): void;
}

/** An answer's balance shows at once, though the flag holds the realtime ones back. */
const showAtOnce = (res: Parameters<typeof balanceVersionOf>[0]) => {
  const version = balanceVersionOf(res);
  if (version !== null) useBalance.getState().showUpTo(version);
};

/** The flag is up for no round, for a bet on its way (round unknown yet), or for a round. */
const SENDING = -1;

export function useWheelBetting(): WheelBetting {
  const [sending, setSending] = useState<WheelColor | null>(null);
  const [canceling, setCanceling] = useState<number | null>(null);
  const [problem, setProblem] = useState<WheelBetting['problem']>(null);
  const holding = useRef<number | null>(null);

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
        const res = await api.post<WheelBetResponse>('/api/wheel/bet', { amount, color });
        showAtOnce(res); // the stake leaves at once
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
    [release],
  );

  const cancel = useCallback(async (betId: number) => {
    setCanceling(betId);
    try {
      const res = await api.post<WheelCancelResponse>(`/api/wheel/bet/${betId}/cancel`, {});
      showAtOnce(res); // the stake is back at once
      toast.success(res.data.msg);
    } finally {
      setCanceling(null);
    }
  }, []);

  const spinDrawn = useCallback(
    (roundId: number) => {
      const held = holding.current;
      if (held !== null && held !== SENDING && held <= roundId) release();
    },
    [release],
  );

  return { sending, canceling, problem, bet, cancel, spinDrawn };
}
