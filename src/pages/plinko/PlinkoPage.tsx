import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { api, apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import type { PlinkoConfig, PlinkoRisk } from '../../../core/games/plinko.ts';
import { PlinkoBetSchema, type PlinkoBetResult } from '../../../core/protocol/games.ts';
import { PlinkoScene, type PlinkoResult } from '../../../scenes/plinko/PlinkoScene.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { BetAmountField } from '../../features/autobet/BetAmountField.tsx';
import { AutoBetPanel } from '../../features/autobet/AutoBetPanel.tsx';
import { useAutoBet } from '../../features/autobet/useAutoBet.ts';
import { FairLine, GameHistory } from '../../features/games/GameHistory.tsx';
import { fieldProblem, FormProblem } from '../../features/games/betErrors.ts';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { useAnimation } from '../../stores/animation.ts';
import '../../features/games/gamePage.css';

// /plinko on black, without the aside (route handle.dark). Bets go to the server one at a time;
// each answer drops a ball that follows the server's path into the decided slot, so several balls
// can be in flight at once. A ball's balance applies when it lands; the answer's msg is the toast.

function tableOf(config: PlinkoConfig | null, rows: number, risk: PlinkoRisk) {
  return config?.tables.find((t) => t.rows === rows && t.risk === risk) ?? null;
}

export default function PlinkoPage() {
  const user = useSession((s) => s.user);
  const setBalance = useSession((s) => s.setBalance);
  const openModal = useModals((s) => s.open);
  const [config, setConfig] = useState<PlinkoConfig | null>(null);
  const [amount, setAmount] = useState('1.00');
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [sending, setSending] = useState(false);
  const [last, setLast] = useState<PlinkoBetResult | null>(null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const plinko = useScene<PlinkoResult, PlinkoScene>(() => new PlinkoScene({ rows: 16 }), [], { background: 0x000000 });
  const sceneRef = useRef(plinko);
  sceneRef.current = plinko;
  // The latest balance from an answer whose ball landed last: balls can land out of order.
  const lastNonceApplied = useRef(-1);

  useEffect(() => {
    api
      .get<{ data: PlinkoConfig }>('/api/plinko/config')
      .then((res) => {
        setConfig(res.data.data);
        setRows(res.data.data.default_rows);
        setRisk(res.data.data.default_risk);
      })
      .catch((e) => toast.error(apiErrorText(e)));
  }, []);

  const table = tableOf(config, rows, risk);
  useEffect(() => {
    if (table) plinko.scene?.setBoard(table.rows, [...table.multipliers]);
  }, [plinko.scene, table]);

  /** Sends one bet; resolves with its payout (cents) as soon as the server answered. */
  const send = useCallback(
    async (amountCents: number): Promise<number> => {
      const body = { amount: amountCents / 100, rows, risk };
      const parsed = PlinkoBetSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        setError({ field: String(issue.path[0] ?? 'amount'), message: issue.message });
        throw new FormProblem(String(issue.path[0]), issue.message);
      }
      setError(null);
      // Hold realtime balance updates from the moment the bet is sent until its ball has landed:
      // the wallet's balanceUpdated can arrive before the answer.
      useAnimation.getState().begin();
      const res = await api.post<{ data: PlinkoBetResult; msg: string }>('/api/plinko/bet', body).catch((e: unknown) => {
        useAnimation.getState().end();
        const server = fieldProblem(e);
        if (server) setError(server);
        throw e;
      });
      const result = res.data.data;
      void sceneRef.current.play({ path: result.path, slot: result.slot, multiplier: result.multiplier }).finally(() => {
        setLast(result);
        if (result.nonce > lastNonceApplied.current) {
          lastNonceApplied.current = result.nonce;
          setBalance(result.balance);
        }
        useAnimation.getState().end();
        setHistoryKey((k) => k + 1);
        if (res.data.msg && mode === 'manual') toast.success(res.data.msg, { autoClose: 2000 });
      });
      return Math.round(result.payout * 100);
    },
    [rows, risk, setBalance, mode],
  );

  const auto = useAutoBet(send, (e) => {
    if (!(e instanceof FormProblem)) toast.error(apiErrorText(e));
  });

  const amountNumber = Number(amount);
  const amountCents = Number.isFinite(amountNumber) && amountNumber > 0 ? Math.round(amountNumber * 100) : null;

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
        <div className="game-page__tabs">
          <button type="button" aria-pressed={mode === 'manual'} disabled={locked} onClick={() => setMode('manual')}>
            Manual
          </button>
          <button type="button" aria-pressed={mode === 'auto'} disabled={locked} onClick={() => setMode('auto')}>
            Auto
          </button>
        </div>
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
          <div className="game-page__tabs" role="group" aria-label="Risk">
            {(config?.risks ?? ['low', 'medium', 'high']).map((r) => (
              <button key={r} type="button" aria-pressed={risk === r} disabled={locked} onClick={() => setRisk(r)}>
                {r[0]!.toUpperCase() + r.slice(1)}
              </button>
            ))}
          </div>
        </div>
        <label className="dice-target">
          <span>
            Rows <strong className="tabular">{rows}</strong>
          </span>
          <input type="range" name="rows" min={8} max={16} step={1} value={rows} disabled={locked} onChange={(e) => setRows(Number(e.target.value))} />
        </label>
        {table && <p className="game-page__fair">Return to player {(table.return * 100).toFixed(3)}%</p>}
        {mode === 'manual' ? (
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
            {last ? `Slot ${last.slot} · ${last.multiplier}× · payout ${last.payout.toFixed(2)}` : ''}
          </p>
          <FairLine fair={last} verifyPath="/plinko/provably-fair" />
        </section>
        <GameHistory game="plinko" refreshKey={historyKey} />
      </div>
    </div>
  );
}
