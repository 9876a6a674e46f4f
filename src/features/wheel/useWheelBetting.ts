import { useCallback, useEffect, useRef, useState } from 'react';
import { WHEEL_MAX_BET, WHEEL_MIN_BET, type WheelColor } from '../../../core/games/wheel.ts';
import { coinAmountProblem } from '../../../core/protocol/amountRules.ts';
import { balanceVersionOf } from '../../api/http.ts';
import { holdForScene, type SceneHold } from '../scenes/sceneHold.ts';
import { fieldProblem, FormProblem } from '../games/betErrors.ts';
import { localizeBetMessage } from '../games/validation/betMessages.ts';
import { useWheelGame } from './wheelGame.ts';
import { callResponse } from '../../api/call.ts';
import { wheelBet, wheelBetCancel } from '../../../core/protocol/routes/rounds.ts';

// The player's side of a wheel round (docs/wheel.md, "Client"): bets on colours (several per round,
// several per colour), cancels while betting is open, and the balance rule every game follows
// (src/features/scenes/sceneHold.ts): a stake leaves at once (the bet's answer), a cancel's stake
// returns at once (its answer), and from the first bet of a round the realtime balance updates are
// held until that round's spin has played on the scene (the page hands its play over:
// `spinPlayed`), so a win shows in the header when the wheel has stopped, not before. Answers that
// arrive out of commit order (two colours at once) show in order: a balance shows only when its
// version is newer than the shown one (src/stores/balance.ts). The bet's msg is no toast: the bet
// shows at once in "My bets this round" and on its colour's total (docs/wheel.md, "Toasts").

export interface WheelBetting {
  sending: WheelColor | null;
  canceling: number | null;
  problem: { field: string; message: string } | null;
  bet(color: WheelColor, amount: number): Promise<void>;
  cancel(betId: number): Promise<void>;
  /** The spin of `roundId` plays on the scene (settles when drawn; resolved when there is nothing to draw): held balances go through then. */
  spinPlayed(roundId: number, played: Promise<void>): void;
}

/** The round a hold is for: a bet on its way (round unknown yet) is SENDING. */
const SENDING = -1;

export function useWheelBetting(): WheelBetting {
  const [sending, setSending] = useState<WheelColor | null>(null);
  const [canceling, setCanceling] = useState<number | null>(null);
  const [problem, setProblem] = useState<WheelBetting['problem']>(null);
  /** The hold of the round the player has bet in, until its spin has played. */
  const holding = useRef<{ roundId: number; hold: SceneHold } | null>(null);

  const release = useCallback(() => {
    holding.current?.hold.end();
    holding.current = null;
  }, []);

  // Leaving the page lets the held balance through; so does a round that moved past the held one
  // without the page playing its spin (e.g. a hidden tab).
  useEffect(() => release, [release]);
  useEffect(
    () =>
      useWheelGame.subscribe((s) => {
        const held = holding.current?.roundId ?? null;
        if (held !== null && held !== SENDING && s.model.round && s.model.round.round_id > held) release();
      }),
    [release],
  );

  const bet = useCallback(
    async (color: WheelColor, amount: number) => {
      // The route's own rule (core amountRules), checked here without loading the schema library.
      const problem = coinAmountProblem(amount, { min: WHEEL_MIN_BET, max: WHEEL_MAX_BET });
      if (problem) {
        const invalid = localizeBetMessage(problem);
        setProblem({ field: 'amount', message: invalid });
        throw new FormProblem('amount', invalid);
      }
      setProblem(null);
      setSending(color);
      // Up before the request: the wallet's balanceUpdated can reach the socket before the answer.
      const raised = holding.current === null ? { roundId: SENDING, hold: holdForScene() } : null;
      if (raised) holding.current = raised;
      const held = holding.current!;
      try {
        const res = await callResponse(wheelBet, { body: { amount, color } });
        held.hold.showNow(balanceVersionOf(res)); // the stake leaves at once
        held.roundId = res.data.data.bet.round_id;
      } catch (error) {
        if (raised && raised.roundId === SENDING) {
          raised.hold.end();
          if (holding.current === raised) holding.current = null;
        }
        const server = fieldProblem(error);
        if (server) setProblem(server);
        throw error;
      } finally {
        setSending(null);
      }
    },
    [],
  );

  const cancel = useCallback(async (betId: number) => {
    setCanceling(betId);
    try {
      const res = await callResponse(wheelBetCancel, { params: { id: betId }, body: {} });
      // The stake is back at once (without a hold nothing holds it: it is already shown).
      holding.current?.hold.showNow(balanceVersionOf(res));
    } finally {
      setCanceling(null);
    }
  }, []);

  const spinPlayed = useCallback((roundId: number, played: Promise<void>) => {
    const held = holding.current;
    if (held === null || held.roundId === SENDING || held.roundId > roundId) return;
    holding.current = null;
    void held.hold.endAfter(played).catch((error: unknown) => console.warn('wheel: the spin could not be drawn', error));
  }, []);

  return { sending, canceling, problem, bet, cancel, spinPlayed };
}
