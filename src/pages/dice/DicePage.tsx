import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { api, apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { DICE_MAX_BET, DICE_MIN_BET, diceChance, diceDisplayMultiplier, diceTargetBounds, diceTargetProblem, type DiceDirection } from '../../../core/games/dice.ts';
import { DiceBetSchema, type DiceBetResult } from '../../../core/protocol/games.ts';
import { DiceScene, type DiceResult } from '../../../scenes/dice/DiceScene.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { BetAmountField } from '../../features/autobet/BetAmountField.tsx';
import { AutoBetPanel } from '../../features/autobet/AutoBetPanel.tsx';
import { useAutoBet } from '../../features/autobet/useAutoBet.ts';
import { FairLine, GameHistory } from '../../features/games/GameHistory.tsx';
import { fieldProblem, FormProblem } from '../../features/games/betErrors.ts';
import { formatCoins } from '../../format/format.ts';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { useAnimation } from '../../stores/animation.ts';
import '../../features/games/gamePage.css';

// /dice: roll under or over a target. The server decides the roll; the scene slides the marker
// to it, and the balance shown updates when the scene has finished (the animation flag holds the
// realtime update meanwhile; the answer's balance is applied after play()).

function firstIssue(body: unknown): { field: string; message: string } | null {
  const parsed = DiceBetSchema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return { field: String(issue.path[0] ?? 'amount'), message: issue.message };
}

export default function DicePage() {
  const user = useSession((s) => s.user);
  const setBalance = useSession((s) => s.setBalance);
  const openModal = useModals((s) => s.open);
  const [amount, setAmount] = useState('1.00');
  const [target, setTarget] = useState(50);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<DiceBetResult | null>(null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const dice = useScene<DiceResult, DiceScene>(() => new DiceScene({ target: 50, direction: 'under' }), []);
  const sceneRef = useRef(dice);
  sceneRef.current = dice;

  useEffect(() => {
    dice.scene?.setTarget(target, direction);
  }, [dice.scene, target, direction]);

  const chance = diceTargetProblem(target, direction) ? null : diceChance(target, direction);
  const multiplier = chance === null ? null : diceDisplayMultiplier(target, direction);
  const bounds = diceTargetBounds(direction);
  const amountNumber = Number(amount);
  const amountCents = Number.isFinite(amountNumber) && amountNumber > 0 ? Math.round(amountNumber * 100) : null;

  /** Sends one bet, plays it, then applies the balance; resolves with the payout in cents. */
  const bet = useCallback(
    async (amountCentsToBet: number): Promise<number> => {
      const body = { amount: amountCentsToBet / 100, target, direction };
      const problem = firstIssue(body);
      if (problem) {
        setError(problem);
        throw new FormProblem(problem.field, problem.message);
      }
      setError(null);
      // Hold realtime balance updates from the moment the bet is sent: the wallet's balanceUpdated
      // can arrive before the answer, and the balance must change only when the scene finishes.
      useAnimation.getState().begin();
      try {
        const res = await api.post<{ data: DiceBetResult }>('/api/dice/bet', body).catch((e: unknown) => {
          const server = fieldProblem(e);
          if (server) setError(server);
          throw e;
        });
        const result = res.data.data;
        await sceneRef.current.play({ roll: result.roll, target, direction, win: result.win, multiplier: result.multiplier });
        setLast(result);
        setBalance(result.balance);
        setHistoryKey((k) => k + 1);
        return Math.round(result.payout * 100);
      } finally {
        useAnimation.getState().end();
      }
    },
    [target, direction, setBalance],
  );

  const auto = useAutoBet(bet, (e) => {
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
    setTarget((t) => Math.round((100 - t) * 100) / 100);
  };

  return (
    <div className="game-page" data-testid="dice-page">
      <section className="panel game-page__controls" aria-label="Dice controls">
        <div className="game-page__tabs">
          <button type="button" aria-pressed={mode === 'manual'} disabled={auto.running} onClick={() => setMode('manual')}>
            Manual
          </button>
          <button type="button" aria-pressed={mode === 'auto'} disabled={auto.running} onClick={() => setMode('auto')}>
            Auto
          </button>
        </div>
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
            onChange={(e) => setTarget(Math.round(Number(e.target.value) * 100) / 100)}
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
            <strong>{multiplier === null || amountCents === null ? '—' : formatCoins(Math.floor((amountCents * 9900) / Math.round(chance! * 100)) / 100 - amountCents / 100)}</strong>
          </div>
        </div>
        {mode === 'manual' ? (
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
