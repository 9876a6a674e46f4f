import { useCallback, useEffect, useRef, useState } from 'react';
import type { CrashBetRequest, CrashBetResponse, CrashCloseBetResponse } from '../../../core/protocol/crash.ts';
import { coinsToCents } from '../../../core/money/cents.ts';
import type { CrashMark } from '../../../scenes/crash/CrashScene.ts';
import { api, balanceVersionOf } from '../../api/http.ts';
import { useBalance } from '../../stores/balance.ts';
import { useAnimation } from '../../stores/animation.ts';
import { useSession } from '../../stores/session.ts';
import { fieldProblem, FormProblem } from '../games/betErrors.ts';
import { prefetchSchema, schemaProblem, type FieldIssue } from '../games/betSchema.ts';
import { untilModel, useCrashGame } from './crashGame.ts';
import { bettingOpen, myBet } from './crashRound.ts';

// The player's side of a round (docs/scenes.md, "Crash page"): place a bet (now, or queued for the
// next round when one is running), cash out, and the balance rule: the stake leaves at once (the
// bet's answer), realtime balance updates are held from the bet until the player's own cash-out is
// drawn on the curve (or the round crashed with the bet open), and the cash-out's balance applies
// then. One bet per round; the auto-bet waits for each bet to settle before the next.

export type BetProblem = FieldIssue;

/** The shared bet body schema, fetched after the page has drawn (src/features/games/betSchema.ts). */
const crashBetSchema = () => import('../../../core/protocol/crash.ts').then((m) => m.CrashBetSchema);

export interface CrashBetting {
  /** A bet waiting for the next round's betting window. */
  queued: CrashBetRequest | null;
  sending: boolean;
  cashingOut: boolean;
  problem: BetProblem | null;
  /** Places now if betting is open, else queues for the next round. Resolves with the bet once accepted. */
  bet(request: CrashBetRequest): Promise<PlacedBet>;
  cancelQueued(): void;
  cashOut(): Promise<void>;
  /** The scene drew a cash-out marker: the player's own credits the balance now. */
  onMarkDrawn(mark: CrashMark): void;
  /** Resolves with the payout in cents once the bet is settled (cashed out and drawn, lost or refunded). */
  settled(bet: PlacedBet, signal?: AbortSignal): Promise<number>;
}

export interface PlacedBet {
  id: number;
  roundId: number;
}

/** The round has moved past `bet`'s round (its end was missed, e.g. while disconnected). */
const pastRound = (round: { round_id: number } | null, bet: PlacedBet) => round !== null && round.round_id > bet.roundId;

export function useCrashBetting(): CrashBetting {
  const [queued, setQueued] = useState<CrashBetRequest | null>(null);
  const [sending, setSending] = useState(false);
  const [cashingOut, setCashingOut] = useState(false);
  const [problem, setProblem] = useState<BetProblem | null>(null);
  /** The bet the animation flag is held for. */
  const holding = useRef<PlacedBet | null>(null);
  /** A cash-out answer whose marker is not drawn yet: its balance (this version) waits for the marker. */
  const pendingCredit = useRef<{ betId: number; version: number | null } | null>(null);
  useEffect(() => prefetchSchema(crashBetSchema), []);
  const drawn = useRef(new Set<number>());
  const queueAbort = useRef<AbortController | null>(null);

  const release = useCallback(() => {
    if (holding.current === null) return;
    holding.current = null;
    useAnimation.getState().end();
  }, []);

  // Leaving the page lets the held balance through.
  useEffect(() => () => {
    queueAbort.current?.abort();
    release();
  }, [release]);

  // A round that crashed with the player's bet still open: nothing more to draw, release the hold.
  useEffect(
    () =>
      useCrashGame.subscribe((s) => {
        const held = holding.current;
        if (held === null) return;
        const bet = s.model.bets.find((b) => b.id === held.id);
        if ((bet && (bet.status === 'lost' || bet.status === 'refunded')) || pastRound(s.model.round, held)) release();
      }),
    [release],
  );

  const place = useCallback(async (request: CrashBetRequest): Promise<PlacedBet> => {
    const refused = await schemaProblem(crashBetSchema, request);
    setProblem(refused);
    if (refused) throw new FormProblem(refused.field, refused.message);
    setSending(true);
    // Hold realtime balance updates from the moment the bet is sent: the wallet's balanceUpdated
    // for a cash-out can arrive before the marker is drawn.
    useAnimation.getState().begin();
    try {
      const res = await api.post<CrashBetResponse>('/api/crash/bet', request);
      const { bet } = res.data.data;
      const version = balanceVersionOf(res);
      if (version !== null) useBalance.getState().showUpTo(version); // the stake leaves at once
      if (holding.current !== null) useAnimation.getState().end();
      holding.current = { id: bet.id, roundId: bet.round_id };
      return holding.current;
    } catch (error) {
      useAnimation.getState().end();
      const server = fieldProblem(error);
      if (server) setProblem(server);
      throw error;
    } finally {
      setSending(false);
    }
  }, []);

  const bet = useCallback(
    async (request: CrashBetRequest): Promise<PlacedBet> => {
      const userId = useSession.getState().user?.id ?? null;
      const open = (m: Parameters<typeof bettingOpen>[0]) => bettingOpen(m) && !myBet(m, userId);
      if (open(useCrashGame.getState().model)) return place(request);
      // A round is running (or I already bet in this one): bet on the next round, sent when betting opens.
      queueAbort.current?.abort();
      const abort = new AbortController();
      queueAbort.current = abort;
      setQueued(request);
      try {
        await untilModel(open, abort.signal);
      } finally {
        if (queueAbort.current === abort) {
          queueAbort.current = null;
          setQueued(null);
        }
      }
      return place(request);
    },
    [place],
  );

  const cancelQueued = useCallback(() => queueAbort.current?.abort(), []);

  const credit = useCallback(
    (betId: number) => {
      const pending = pendingCredit.current;
      if (pending?.betId === betId) {
        pendingCredit.current = null;
        if (pending.version !== null) useBalance.getState().showUpTo(pending.version);
      }
      if (holding.current?.id === betId) release();
    },
    [release],
  );

  const cashOut = useCallback(async () => {
    const userId = useSession.getState().user?.id ?? null;
    const mine = myBet(useCrashGame.getState().model, userId);
    if (!mine) return;
    setCashingOut(true);
    try {
      const res = await api.post<CrashCloseBetResponse>('/api/crash/close-bet', {});
      pendingCredit.current = { betId: mine.id, version: balanceVersionOf(res) };
      // The marker may already be on the curve (the cash-out batch came before the answer).
      if (drawn.current.has(mine.id)) credit(mine.id);
    } finally {
      setCashingOut(false);
    }
  }, [credit]);

  const onMarkDrawn = useCallback(
    (mark: CrashMark) => {
      if (!mark.mine || typeof mark.key !== 'number') return;
      drawn.current.add(mark.key);
      credit(mark.key);
    },
    [credit],
  );

  const settled = useCallback(async (placed: PlacedBet, signal?: AbortSignal) => {
    const model = await untilModel((m) => {
      const b = m.bets.find((x) => x.id === placed.id);
      return (b !== undefined && b.status !== 'open' && (b.status !== 'cashed_out' || drawn.current.has(b.id))) || pastRound(m.round, placed);
    }, signal);
    const b = model.bets.find((x) => x.id === placed.id);
    return b?.payout ? (coinsToCents(b.payout) ?? 0) : 0;
  }, []);

  return { queued, sending, cashingOut, problem, bet, cancelQueued, cashOut, onMarkDrawn, settled };
}
