import { noteBetLink } from '../transparency/betLinks.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CrashBetRequest, CrashCloseBetRequest } from '../../../core/protocol/crash.ts';
import { coinsToCents } from '../../../core/money/cents.ts';
import type { CrashBetOutcome } from '../../../scenes/crash/CrashScene.ts';
import { balanceVersionOf } from '../../api/http.ts';
import { holdForScene, type SceneHold } from '../scenes/sceneHold.ts';
import { useSession } from '../../stores/session.ts';
import { fieldProblem, FormProblem } from '../games/betErrors.ts';
import { prefetchSchema, schemaProblem, type FieldIssue } from '../games/betSchema.ts';
import { untilModel, useCrashGame } from './crashGame.ts';
import { bettingOpen, myBet, type CrashRoundView } from './crashRound.ts';
import { callResponse } from '../../api/call.ts';
import { crashBet, crashCloseBet } from '../../../core/protocol/routes/rounds.ts';

// The player's side of a round (docs/scenes.md, "Crash page"): place a bet (now, or queued for the
// next round when one is running), cash out, and the balance rule, the one every game follows
// (src/features/scenes/sceneHold.ts): the stake leaves at once (the bet's answer), realtime
// balance updates are held from the bet until the scene has drawn the bet's outcome (its play
// settles: the player's cash-out marker on the curve, the round's crash, or a newer round), and
// the cash-out's balance shows then. One bet per round; the auto-bet waits for each bet to settle
// before the next.

export type BetProblem = FieldIssue;

/** The shared bet body schema, fetched after the page has drawn (src/features/games/betSchema.ts). */
const crashBetSchema = () => import('../../../core/protocol/crash.ts').then((m) => m.CrashBetSchema);

/** Plays the player's bet on the crash scene (CrashScene's `{bet}` play); settles once its outcome is drawn. */
export type PlayCrashBet = (bet: CrashBetOutcome) => Promise<void>;

export interface CrashBetting {
  /** A bet waiting for the next round's betting window. */
  queued: CrashBetRequest | null;
  sending: boolean;
  cashingOut: boolean;
  problem: BetProblem | null;
  /** Places now if betting is open, else queues for the next round. Resolves with the bet once accepted. */
  bet(request: CrashBetRequest): Promise<PlacedBet>;
  cancelQueued(): void;
  /** Cashes out at `shown`, the multiplier the button showed at the click (or the server's curve at receipt, when lower). */
  cashOut(shown: number): Promise<void>;
  /** Resolves with the payout in cents once the bet is settled and its outcome drawn (cashed out, lost or refunded). */
  settled(bet: PlacedBet, signal?: AbortSignal): Promise<number>;
}

export interface PlacedBet {
  id: number;
  roundId: number;
}

/** The round has moved past `bet`'s round (its end was missed, e.g. while disconnected). */
const pastRound = (round: { round_id: number } | null, bet: PlacedBet) => round !== null && round.round_id > bet.roundId;

/** The player's latest bet: its hold on the shown balance and its play on the scene. */
interface BetOnScene {
  placed: PlacedBet;
  hold: SceneHold;
  played: Promise<void>;
}

export function useCrashBetting(play: PlayCrashBet): CrashBetting {
  const [queued, setQueued] = useState<CrashBetRequest | null>(null);
  const [sending, setSending] = useState(false);
  const [cashingOut, setCashingOut] = useState(false);
  const [problem, setProblem] = useState<BetProblem | null>(null);
  const latest = useRef<BetOnScene | null>(null);
  const playRef = useRef(play);
  playRef.current = play;
  useEffect(() => prefetchSchema(crashBetSchema), []);
  const queueAbort = useRef<AbortController | null>(null);

  // Leaving the page lets the held balance through (the scene's plays are aborted too).
  useEffect(
    () => () => {
      queueAbort.current?.abort();
      latest.current?.hold.end();
    },
    [],
  );

  const place = useCallback(async (request: CrashBetRequest): Promise<PlacedBet> => {
    const refused = await schemaProblem(crashBetSchema, request);
    setProblem(refused);
    if (refused) throw new FormProblem(refused.field, refused.message);
    setSending(true);
    // Held from the moment the bet is sent: the wallet's balanceUpdated for a cash-out can arrive
    // before the marker is drawn.
    const hold = holdForScene();
    try {
      const res = await callResponse(crashBet, { body: request });
      const { bet } = res.data.data;
      hold.showNow(balanceVersionOf(res)); // the stake leaves at once
      const placed = { id: bet.id, roundId: bet.round_id };
      const played = hold.endAfter(playRef.current({ roundId: bet.round_id, key: bet.id })).catch((error: unknown) => console.warn('crash: the bet could not be drawn', error));
      latest.current = { placed, hold, played };
      return placed;
    } catch (error) {
      hold.end();
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
      const open = (m: CrashRoundView) => bettingOpen(m) && !myBet(m, userId);
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

  const cashOut = useCallback(async (shown: number) => {
    const userId = useSession.getState().user?.id ?? null;
    const mine = myBet(useCrashGame.getState().model, userId);
    if (!mine) return;
    setCashingOut(true);
    try {
      const body: CrashCloseBetRequest = { multiplier: shown };
      const res = await callResponse(crashCloseBet, { body });
      // The bet's page, for the Share of a big win (an auto cash-out's comes on the private channel).
      noteBetLink('crash', mine.id, res.data.data.public_id);
      // Shows when the marker is drawn, or now if it already is (the cash-out batch came first).
      const onScene = latest.current;
      if (onScene?.placed.id === mine.id) onScene.hold.showAtEnd(balanceVersionOf(res));
    } finally {
      setCashingOut(false);
    }
  }, []);

  const settled = useCallback(async (placed: PlacedBet, signal?: AbortSignal) => {
    const onScene = latest.current;
    if (onScene?.placed.id === placed.id) await onScene.played;
    const model = await untilModel((m) => {
      const b = m.bets.find((x) => x.id === placed.id);
      return (b !== undefined && b.status !== 'open') || pastRound(m.round, placed);
    }, signal);
    const b = model.bets.find((x) => x.id === placed.id);
    return b?.payout ? (coinsToCents(b.payout) ?? 0) : 0;
  }, []);

  return { queued, sending, cashingOut, problem, bet, cancelQueued, cashOut, settled };
}
