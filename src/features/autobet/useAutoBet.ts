import { useCallback, useEffect, useRef, useState } from 'react';
import { afterBet, initialState, stopReason, type AutoBetSettings, type AutoBetState, type StopReason } from './autoBetStrategy.ts';

// Runs auto-bet against the server ONE bet at a time: `placeBet(amountCents)` sends a bet and
// resolves with the settled payout in cents; the next bet starts only then. A game whose scene
// plays a quick animation in auto resolves on the server's answer while that animation still runs
// (usePlayedBet's `balanceOnAnswer`), so auto-bet is paced by the server, not the scene. stop() ends the run after the bet in flight settles (a bet already sent is never abandoned).
// Any error (insufficient balance, network) stops the run and is reported.

/** Points the profit graph keeps: the latest bets of a long run. */
const PROFIT_POINTS = 2000;

export interface AutoBetRun {
  running: boolean;
  state: AutoBetState | null;
  /** The session's profit in cents after each settled bet, from 0 before the first (the latest PROFIT_POINTS). */
  profits: number[];
  lastStop: StopReason | 'stopped' | 'error' | null;
  start(settings: AutoBetSettings): void;
  stop(): void;
}

export function useAutoBet(placeBet: (amountCents: number) => Promise<number>, onError: (error: unknown) => void): AutoBetRun {
  const [running, setRunning] = useState(false);
  const [state, setState] = useState<AutoBetState | null>(null);
  const [profits, setProfits] = useState<number[]>([]);
  const [lastStop, setLastStop] = useState<AutoBetRun['lastStop']>(null);
  const stopRequested = useRef(false);
  const mounted = useRef(true);
  const latest = useRef({ placeBet, onError });
  latest.current = { placeBet, onError };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopRequested.current = true;
    };
  }, []);

  const start = useCallback((settings: AutoBetSettings) => {
    stopRequested.current = false;
    setRunning(true);
    setLastStop(null);
    void (async () => {
      let s = initialState(settings);
      setState(s);
      setProfits([s.profit]);
      let reason: AutoBetRun['lastStop'];
      while (true) {
        reason = stopReason(settings, s);
        if (reason) break;
        if (stopRequested.current) {
          reason = 'stopped';
          break;
        }
        try {
          const amount = s.nextAmount;
          const payout = await latest.current.placeBet(amount);
          s = afterBet(settings, s, amount, payout);
          const profit = s.profit;
          if (mounted.current) {
            setState(s);
            setProfits((list) => [...list, profit].slice(-PROFIT_POINTS));
          }
        } catch (error) {
          reason = 'error';
          if (mounted.current) latest.current.onError(error);
          break;
        }
      }
      if (mounted.current) {
        setRunning(false);
        setLastStop(reason);
      }
    })();
  }, []);

  const stop = useCallback(() => {
    stopRequested.current = true;
  }, []);

  return { running, state, profits, lastStop, start, stop };
}
