import type { Route } from '../../../core/protocol/route.ts';
import { useCallback, useRef, useState } from 'react';
import { centsOf, centsToCoins, coinsToCents } from '../../../core/money/cents.ts';
import { useShortfall } from '../deposit/shortfall.tsx';
import { useAutoBet, type AutoBetRun } from '../autobet/useAutoBet.ts';
import type { BetMode } from '../autobet/BetModeTabs.tsx';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import type { SchemaLoader } from './betSchema.ts';
import { reportBetError } from './betErrors.ts';
import { postBet, usePlayedBet, type BetProblem } from './usePlayedBet.ts';
import type { WinToCelebrate } from '../../../core/games/celebration.ts';

// The state every instant-bet page shares (dice, plinko; docs/games.md "Client"): the amount as
// typed and in cents, Manual / Auto, the one manual bet in flight, the last result and the history
// to refresh, the auto-bet run, and the bet itself through usePlayedBet. A page adds only its own
// fields to the body, its scene's play and its controls (InstantBetControls draws the shared ones).

export interface InstantBetSpec<Body extends { amount: number }, Result extends { payout: number; public_id: string }> {
  /** The bet route (answers `{data, msg?}`). */
  route: Route<'POST'>;
  schema: SchemaLoader;
  /** The body of a bet of `amountCoins`, with the page's own fields (target, rows…). */
  body(amountCoins: number): Body;
  /** Plays the decided result on the page's scene; `quick` while auto-bet runs. */
  play(result: Result, quick: boolean): Promise<void>;
  /** After a manual bet's scene: the big-win moment over it and the bet's public id to share (SceneHandle.celebrate). */
  celebrate?(win: WinToCelebrate, publicId: string): void;
  /** After the scene: the page's own feedback (a toast). */
  onPlayed?(result: Result, msg: string | undefined, mode: BetMode): void;
  /** Several bets in flight at once (plinko's balls), see usePlayedBet. */
  overlap?: boolean;
  /** Auto-bet shows each balance on its answer and does not wait for the scene (dice's quick rolls). */
  autoOnAnswer?: boolean;
  /**
   * A manual bet re-arms its button on the answer (dice: as fast as the player clicks). The scene
   * plays on and its balance still shows when it lands; the next bet's play cuts it to its final
   * frame and starts from there (SceneBase: one play at a time).
   */
  armOnAnswer?: boolean;
}

export interface InstantBetPage<Result> {
  amount: string;
  setAmount(amount: string): void;
  /** The typed amount in cents; null while it is empty, zero or no amount. */
  amountCents: number | null;
  /** Coins the player lacks for the amount (0 when covered or signed out). */
  shortfall: number;
  mode: BetMode;
  setMode(mode: BetMode): void;
  /** A manual bet is on its way or playing. */
  busy: boolean;
  /** Controls are locked while auto-bet runs. */
  locked: boolean;
  last: Result | null;
  /** Changes after every settled bet: the history's refresh key. */
  historyKey: number;
  problem: BetProblem | null;
  auto: AutoBetRun;
  /** The manual bet of the typed amount (the login first for a guest); errors are reported. */
  betOnce(): Promise<void>;
  signedIn: boolean;
  logIn(): void;
}

export function useInstantBetPage<Body extends { amount: number }, Result extends { payout: number; public_id: string }>(spec: InstantBetSpec<Body, Result>): InstantBetPage<Result> {
  const signedIn = useSession((s) => s.user !== null);
  const openModal = useModals((s) => s.open);
  const [amount, setAmount] = useState('1.00');
  const [mode, setMode] = useState<BetMode>('manual');
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<Result | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const specRef = useRef(spec);
  specRef.current = spec;
  const modeRef = useRef(mode);
  modeRef.current = mode;
  // True while auto-bet places the bet: its roll plays quickly and (autoOnAnswer) its balance shows on the answer.
  const quickRef = useRef(false);

  // Each answer's stake, for its celebration after the scene (plinko's balls overlap, each with its own).
  const stakes = useRef(new WeakMap<object, number>());
  const played = usePlayedBet<Body, Result>({
    schema: spec.schema,
    send: async (body) => {
      const answer = await postBet<Body, Result>(spec.route)(body);
      stakes.current.set(answer.result, body.amount);
      return answer;
    },
    play: async (result) => {
      const quick = quickRef.current;
      await specRef.current.play(result, quick);
      // Auto-bet's quick plays follow each other too fast for a moment each; a manual bet gets it.
      const stake = stakes.current.get(result);
      if (!quick && stake !== undefined) specRef.current.celebrate?.({ stake, payout: result.payout }, result.public_id);
    },
    balanceOnAnswer: () => quickRef.current && Boolean(specRef.current.autoOnAnswer),
    overlap: spec.overlap || spec.armOnAnswer,
    // A ball that lands after a newer one refreshes the history but leaves the result line and the
    // toast on the newer ball, as the balance stays on the newest bet's.
    onPlayed: (result, msg, latest) => {
      setHistoryKey((k) => k + 1);
      if (!latest) return;
      setLast(result);
      specRef.current.onPlayed?.(result, msg, modeRef.current);
    },
  });

  /** One bet of `cents`; resolves with its payout in cents (see usePlayedBet for when). */
  const bet = useCallback(
    async (cents: number, quick: boolean): Promise<number> => {
      quickRef.current = quick;
      return centsOf((await played.place(specRef.current.body(centsToCoins(cents)))).payout);
    },
    [played],
  );
  const auto = useAutoBet(
    useCallback((cents: number) => bet(cents, true), [bet]),
    reportBetError,
  );

  const amountCents = coinsToCents(Number(amount)) || null;
  const shortfall = useShortfall(centsToCoins(amountCents ?? 0));
  const logIn = useCallback(() => openModal('login'), [openModal]);

  const betOnce = async () => {
    if (!signedIn) return logIn();
    setBusy(true);
    try {
      await bet(amountCents ?? NaN, false);
    } catch (error) {
      reportBetError(error);
    } finally {
      setBusy(false);
    }
  };

  return { amount, setAmount, amountCents, shortfall, mode, setMode, busy, locked: auto.running, last, historyKey, problem: played.problem, auto, betOnce, signedIn, logIn };
}
