import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { DICE_MAX_BET, DICE_MIN_BET, diceChance, diceDisplayMultiplier, dicePayout, diceSnapTarget, diceSwapTarget, diceTargetBounds, diceTargetProblem, type DiceDirection } from '../../../core/games/dice.ts';
import type { DiceBetRequest, DiceBetResult } from '../../../core/protocol/games.ts';
import { postBet, usePlayedBet } from '../../features/games/usePlayedBet.ts';
import { DiceScene, type DiceResult } from '../../../scenes/dice/DiceScene.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { BetAmountField } from '../../features/autobet/BetAmountField.tsx';
import { AutoBetPanel } from '../../features/autobet/AutoBetPanel.tsx';
import { BetModeTabs, type BetMode } from '../../features/autobet/BetModeTabs.tsx';
import { useAutoBet } from '../../features/autobet/useAutoBet.ts';
import { FairLine, GameHistory } from '../../features/games/GameHistory.tsx';
import { fieldProblem, FormProblem } from '../../features/games/betErrors.ts';
import { formatCoins } from '../../format/format.ts';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { DepositForShortfall, useShortfall } from '../../features/deposit/shortfall.tsx';
import '../../features/games/gamePage.css';
import { centsOf, centsToCoins, coinsToCents, formatCents } from '../../../core/money/cents.ts';

// /dice: roll under or over a target. The server decides the roll; the scene slides the marker
// to it, and the balance shown updates when the scene has finished (the animation flag holds the
// realtime update meanwhile; the answer's balance is applied after play()).

export default function DicePage() {
  const user = useSession((s) => s.user);
  const openModal = useModals((s) => s.open);
  const [amount, setAmount] = useState('1.00');
  const [target, setTarget] = useState(50);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [mode, setMode] = useState<BetMode>('manual');
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<DiceBetResult | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const dice = useScene<DiceResult, DiceScene>(() => new DiceScene({ target: 50, direction: 'under' }), []);
  const sceneRef = useRef(dice);
  sceneRef.current = dice;
  // Auto-bet plays each roll quickly and shows each balance on its answer (several bets a second).
  const quickRef = useRef(false);

  useEffect(() => {
    dice.scene?.setTarget(target, direction);
  }, [dice.scene, target, direction]);

  const chance = diceTargetProblem(target, direction) ? null : diceChance(target, direction);
  const multiplier = chance === null ? null : diceDisplayMultiplier(target, direction);
  const bounds = diceTargetBounds(direction);
  const amountCents = coinsToCents(Number(amount)) || null; // empty or 0: nothing to show yet
  const shortfall = useShortfall(centsToCoins(amountCents ?? 0));

  const played = usePlayedBet<DiceBetRequest, DiceBetResult>({
    schema: () => import('../../../core/protocol/games.ts').then((m) => m.DiceBetSchema),
    send: postBet('/api/dice/bet'),
    play: (result) => sceneRef.current.play({ roll: result.roll, target, direction, win: result.win, multiplier: result.multiplier, quick: quickRef.current }),
    balanceOnAnswer: () => quickRef.current,
    onPlayed: (result) => {
      setLast(result);
      setHistoryKey((k) => k + 1);
    },
  });
  const error = played.problem;

  /** One bet of `amountCentsToBet`; resolves with its payout in cents once the scene has finished, or on the answer when `quick` (auto-bet). */
  const bet = useCallback(
    async (amountCentsToBet: number, quick = false): Promise<number> => {
      quickRef.current = quick;
      return centsOf((await played.place({ amount: centsToCoins(amountCentsToBet), target, direction })).payout);
    },
    [played, target, direction],
  );
  const autoBet = useCallback((amountCentsToBet: number) => bet(amountCentsToBet, true), [bet]);

  const auto = useAutoBet(autoBet, (e) => {
    if (!(e instanceof FormProblem)) toast.error(apiErrorText(e));
  });

  const rollOnce = async () => {
    if (!user) return openModal('login');
    setBusy(true);
    try {
      await bet(amountCents ?? NaN);
    } catch (e) {
      if (!(e instanceof FormProblem) && !fieldProblem(e)) toast.error(apiErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  const swap = () => {
    setDirection((d) => (d === 'under' ? 'over' : 'under'));
    setTarget(diceSwapTarget);
  };

  return (
    <div className="game-page" data-testid="dice-page">
      <section className="panel game-page__controls" aria-label="Dice controls">
        <BetModeTabs mode={mode} onChange={setMode} locked={auto.running} />
        <BetAmountField value={amount} onChange={setAmount} min={DICE_MIN_BET / 100} max={DICE_MAX_BET / 100} error={error?.field === 'amount' ? error.message : null} disabled={auto.running} />
        <label className="dice-target">
          <span>
            Roll {direction} <strong className="tabular">{target.toFixed(2)}</strong>
          </span>
          <input
            type="range"
            name="target"
            min={bounds.min}
            max={bounds.max}
            step={0.01}
            value={target}
            disabled={auto.running}
            onChange={(e) => setTarget(diceSnapTarget(Number(e.target.value)))}
          />
        </label>
        {error?.field === 'target' && <p className="game-page__result game-page__result--lose">{error.message}</p>}
        <Button variant="secondary" onClick={swap} disabled={auto.running}>
          Roll {direction === 'under' ? 'over' : 'under'} instead
        </Button>
        <div className="game-page__stats">
          <div className="game-page__stat">
            <span>Win chance</span>
            <strong>{chance === null ? '—' : `${chance.toFixed(2)}%`}</strong>
          </div>
          <div className="game-page__stat">
            <span>Multiplier</span>
            <strong>{multiplier === null ? '—' : `${multiplier.toFixed(4)}×`}</strong>
          </div>
          <div className="game-page__stat">
            <span>Profit on win</span>
            <strong>{multiplier === null || amountCents === null ? '—' : formatCents(dicePayout(amountCents, target, direction) - amountCents)}</strong>
          </div>
        </div>
        {mode === 'manual' && shortfall > 0 && !busy ? (
          <DepositForShortfall missing={shortfall} block />
        ) : mode === 'manual' ? (
          <Button size="large" block loading={busy} disabled={auto.running} onClick={rollOnce}>
            Roll dice
          </Button>
        ) : user ? (
          <AutoBetPanel run={auto} baseAmountCents={amountCents} />
        ) : (
          <Button size="large" block onClick={() => openModal('login')}>
            Log in to play
          </Button>
        )}
      </section>
      <div className="game-page__column">
        <section className="panel game-page__stage" aria-label="Dice">
          <div ref={dice.ref} className="dice-stage" data-testid="dice-scene" />
          <p className={`game-page__result ${last ? (last.win ? 'game-page__result--win' : 'game-page__result--lose') : ''}`} data-testid="dice-result" aria-live="polite">
            {last ? `Rolled ${last.roll.toFixed(2)} · ${last.win ? `won ${formatCoins(last.payout)}` : 'no win'}` : ''}
          </p>
          <FairLine fair={last} verifyPath="/dice/provably-fair" />
        </section>
        <GameHistory game="dice" refreshKey={historyKey} />
      </div>
    </div>
  );
}
