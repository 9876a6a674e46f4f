import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { api, apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { PLINKO_RISKS, plinkoOutcome, type PlinkoRisk } from '../../../core/games/plinko.ts';
import type { PlinkoBetRequest, PlinkoBetResult, PlinkoConfig, PlinkoConfigAnswer, PlinkoCurrentAnswer } from '../../../core/protocol/games.ts';
import { PlinkoScene, type PlinkoResult } from '../../../scenes/plinko/PlinkoScene.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { BetAmountField } from '../../features/autobet/BetAmountField.tsx';
import { AutoBetPanel } from '../../features/autobet/AutoBetPanel.tsx';
import { BetModeTabs, type BetMode } from '../../features/autobet/BetModeTabs.tsx';
import { useAutoBet } from '../../features/autobet/useAutoBet.ts';
import { FairLine, GameHistory } from '../../features/games/GameHistory.tsx';
import { fieldProblem, FormProblem } from '../../features/games/betErrors.ts';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { postBet, usePlayedBet } from '../../features/games/usePlayedBet.ts';
import { DepositForShortfall, useShortfall } from '../../features/deposit/shortfall.tsx';
import '../../features/games/gamePage.css';
import { centsOf, centsToCoins, coinsToCents } from '../../../core/money/cents.ts';

// /plinko on black, without the aside (route handle.dark). Bets go to the server one at a time;
// each answer drops a ball that follows the server's path into the decided slot, so several balls
// can be in flight at once. A ball's balance applies when it lands; the answer's msg is the toast.

function tableOf(config: PlinkoConfig | null, rows: number, risk: PlinkoRisk) {
  return config?.tables.find((t) => t.rows === rows && t.risk === risk) ?? null;
}

export default function PlinkoPage() {
  const user = useSession((s) => s.user);
  const openModal = useModals((s) => s.open);
  const [config, setConfig] = useState<PlinkoConfig | null>(null);
  const [amount, setAmount] = useState('1.00');
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [mode, setMode] = useState<BetMode>('manual');
  const [sending, setSending] = useState(false);
  const [last, setLast] = useState<PlinkoBetResult | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const plinko = useScene<PlinkoResult, PlinkoScene>(() => new PlinkoScene({ rows: 16 }), [], { background: 0x000000 });
  const sceneRef = useRef(plinko);
  sceneRef.current = plinko;
  const modeRef = useRef(mode);
  modeRef.current = mode;

  useEffect(() => {
    api
      .get<PlinkoConfigAnswer>('/api/plinko/config')
      .then((res) => {
        setConfig(res.data.data);
        setRows(res.data.data.default_rows);
        setRisk(res.data.data.default_risk);
      })
      .catch((e) => toast.error(apiErrorText(e)));
  }, []);

  // The signed-in player's state (GET /api/plinko/current): the seed pair the next ball uses and
  // their latest ball, shown until this visit drops one.
  const userId = user?.id ?? null;
  const [current, setCurrent] = useState<PlinkoCurrentAnswer['data'] | null>(null);
  useEffect(() => {
    if (userId === null) return setCurrent(null);
    let live = true;
    api
      .get<PlinkoCurrentAnswer>('/api/plinko/current')
      .then((res) => live && setCurrent(res.data.data))
      .catch((error: unknown) => console.warn('plinko current failed', error));
    return () => {
      live = false;
    };
  }, [userId]);
  const lastBefore = current?.bets[0] ?? null;

  const table = tableOf(config, rows, risk);
  useEffect(() => {
    if (table) plinko.scene?.setBoard(table.rows, [...table.multipliers]);
  }, [plinko.scene, table]);

  const played = usePlayedBet<PlinkoBetRequest, PlinkoBetResult>({
    schema: () => import('../../../core/protocol/games.ts').then((m) => m.PlinkoBetSchema),
    send: postBet('/api/plinko/bet'),
    play: (result) => sceneRef.current.play({ path: result.path, slot: result.slot, multiplier: result.multiplier }),
    onPlayed: (result, msg) => {
      setLast(result);
      setHistoryKey((k) => k + 1);
      // Only a win gets the success look; 0.5x is part of the stake back, said as such (an info toast).
      if (msg && modeRef.current === 'manual') (plinkoOutcome(result.multiplier) === 'win' ? toast.success : toast.info)(msg, { autoClose: 2000 });
    },
    // Balls can land out of order: the balance of the latest bet (its nonce) wins.
    overlap: true,
  });
  const error = played.problem;

  /** Sends one bet; resolves with its payout (cents) as soon as the server answered. */
  const send = useCallback(
    async (amountCents: number): Promise<number> => centsOf((await played.place({ amount: centsToCoins(amountCents), rows, risk })).payout),
    [played, rows, risk],
  );

  const auto = useAutoBet(send, (e) => {
    if (!(e instanceof FormProblem)) toast.error(apiErrorText(e));
  });

  const amountCents = coinsToCents(Number(amount)) || null; // empty or 0: nothing to bet yet
  const shortfall = useShortfall(centsToCoins(amountCents ?? 0));

  const drop = async () => {
    if (!user) return openModal('login');
    setSending(true);
    try {
      await send(amountCents ?? NaN);
    } catch (e) {
      if (!(e instanceof FormProblem) && !fieldProblem(e)) toast.error(apiErrorText(e));
    } finally {
      setSending(false);
    }
  };

  const locked = auto.running;
  return (
    <div className="game-page game-page--dark" data-testid="plinko-page">
      <section className="panel game-page__controls" aria-label="Plinko controls">
        <BetModeTabs mode={mode} onChange={setMode} locked={locked} />
        <BetAmountField
          value={amount}
          onChange={setAmount}
          min={config?.min_bet ?? 0.1}
          max={config?.max_bet ?? 500}
          error={error?.field === 'amount' ? error.message : null}
          disabled={locked}
        />
        <div>
          <span className="plinko-label">Risk</span>
          <ChipGroup label="Risk" chips={(config?.risks ?? PLINKO_RISKS).map((r) => ({ value: r, label: r[0]!.toUpperCase() + r.slice(1) }))} value={risk} onChange={setRisk} disabled={locked} />
        </div>
        <label className="dice-target">
          <span>
            Rows <strong className="tabular">{rows}</strong>
          </span>
          <input type="range" name="rows" min={8} max={16} step={1} value={rows} disabled={locked} onChange={(e) => setRows(Number(e.target.value))} />
        </label>
        {table && <p className="game-page__fair">Return to player {(table.return * 100).toFixed(3)}%</p>}
        {mode === 'manual' && shortfall > 0 && !sending ? (
          <DepositForShortfall missing={shortfall} block />
        ) : mode === 'manual' ? (
          <Button size="large" block loading={sending} disabled={locked || !config} onClick={drop}>
            Drop ball
          </Button>
        ) : user ? (
          <AutoBetPanel run={auto} baseAmountCents={amountCents} disabled={!config} />
        ) : (
          <Button size="large" block onClick={() => openModal('login')}>
            Log in to play
          </Button>
        )}
      </section>
      <div className="game-page__column">
        <section className="panel game-page__stage" aria-label="Plinko">
          <div ref={plinko.ref} className="plinko-stage" data-testid="plinko-scene" />
          <p className="game-page__result" data-testid="plinko-result" aria-live="polite">
            {last ? `Slot ${last.slot} · ${last.multiplier}× · payout ${last.payout.toFixed(2)}` : lastBefore ? `Your last ball: ${lastBefore.multiplier}× · payout ${lastBefore.payout.toFixed(2)}` : ''}
          </p>
          <FairLine fair={last ?? current?.seed ?? null} verifyPath="/plinko/provably-fair" />
        </section>
        <GameHistory game="plinko" refreshKey={historyKey} />
      </div>
    </div>
  );
}
