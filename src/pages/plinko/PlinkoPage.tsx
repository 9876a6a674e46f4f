import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { call } from '../../api/call.ts';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { PLINKO_RISKS, plinkoOutcome, type PlinkoRisk } from '../../../core/games/plinko.ts';
import type { PlinkoBetRequest, PlinkoBetResult, PlinkoConfig } from '../../../core/protocol/games.ts';
import { PlinkoScene, type PlinkoResult } from '../../../scenes/plinko/PlinkoScene.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { BigWinShare } from '../../features/transparency/BigWinShare.tsx';
import { FairLine, GameHistory } from '../../features/games/GameHistory.tsx';
import { plinkoHistory } from '../../../core/protocol/routes/games.ts';
import { InstantBetControls } from '../../features/games/InstantBetControls.tsx';
import { PaceSwitches, usePace } from '../../features/games/PaceSwitches.tsx';
import { showResultToast } from '../../features/games/resultToast.ts';
import { useInstantBetPage } from '../../features/games/useInstantBetPage.ts';
import { useSession } from '../../stores/session.ts';
import { plinkoBet, plinkoConfig, plinkoCurrent } from '../../../core/protocol/routes/games.ts';
import type { PlinkoCurrentAnswer } from '../../../core/protocol/games.ts';
import type { Wire } from '../../../core/protocol/wire.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

const RISK_KEYS: Record<PlinkoRisk, keyof typeof messages> = { low: 'riskLow', medium: 'riskMedium', high: 'riskHigh' };

// /plinko on black, without the aside (route handle.dark). Bets go to the server one at a time;
// each answer drops a ball that follows the server's path into the decided slot, so several balls
// can be in flight at once. A ball's balance applies when it lands; the answer's msg is the one
// plinko toast, replaced by the next ball's (manual bets only).

function tableOf(config: PlinkoConfig | null, rows: number, risk: PlinkoRisk) {
  return config?.tables.find((t) => t.rows === rows && t.risk === risk) ?? null;
}

export default function PlinkoPage() {
  const [config, setConfig] = useState<PlinkoConfig | null>(null);
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const plinko = useScene<PlinkoResult, PlinkoScene>(() => new PlinkoScene({ rows: 16 }), [], { background: 0x000000 });
  const sceneRef = useRef(plinko);
  sceneRef.current = plinko;

  // The config's defaults stand only until the player picks: an answer that arrives after the
  // player chose Low (a slow network, a busy phone) must not put Medium back under their next ball.
  const picked = useRef({ rows: false, risk: false });
  const pickRows = useCallback((value: number) => {
    picked.current.rows = true;
    setRows(value);
  }, []);
  const pickRisk = useCallback((value: PlinkoRisk) => {
    picked.current.risk = true;
    setRisk(value);
  }, []);
  useEffect(() => {
    call(plinkoConfig, {})
      .then((res) => {
        setConfig(res.data);
        if (!picked.current.rows) setRows(res.data.default_rows);
        if (!picked.current.risk) setRisk(res.data.default_risk);
      })
      .catch((e) => toast.error(apiErrorText(e)));
  }, []);

  // The signed-in player's state (GET /api/plinko/current): the seed pair the next ball uses and
  // their latest ball, shown until this visit drops one.
  const userId = useSession((s) => s.user?.id ?? null);
  const [current, setCurrent] = useState<Wire<PlinkoCurrentAnswer>['data'] | null>(null);
  useEffect(() => {
    if (userId === null) return setCurrent(null);
    let live = true;
    call(plinkoCurrent, {})
      .then((res) => live && setCurrent(res.data))
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

  const page = useInstantBetPage<PlinkoBetRequest, PlinkoBetResult>({
    route: plinkoBet,
    schema: () => import('../../../core/protocol/betRequests.ts').then((m) => m.PlinkoBetSchema),
    body: (amount) => ({ amount, rows, risk }),
    play: (result) => sceneRef.current.play({ path: result.path, slot: result.slot, multiplier: result.multiplier }),
    celebrate: (win, publicId) => sceneRef.current.celebrate(win, publicId),
    // Only a win gets the success look; 0.5x is part of the stake back, said as such (an info toast).
    onPlayed: (result, msg, mode) => {
      if (msg && mode === 'manual') showResultToast('plinko', msg, plinkoOutcome(result.multiplier) === 'win' ? 'success' : 'info');
    },
    // Balls can land out of order: the balance of the latest bet (its nonce) wins.
    overlap: true,
  });
  const { last, locked } = page;
  const limits = { min: config?.min_bet ?? 0.1, max: config?.max_bet ?? 500 };
  // Hotkeys as on dice (docs/games.md, "Pace"): Space drops a ball, W doubles and S halves the amount.
  const pace = usePace('plinko', page, limits);

  return (
    <div className="game-page game-page--dark" data-testid="plinko-page">
      <h1 className="visually-hidden">{t('stage')}</h1>
      <InstantBetControls page={page} label={t('controls')} action={t('dropBall')} min={limits.min} max={limits.max} ready={config !== null}>
        <div>
          <span className="plinko-label">{t('risk')}</span>
          <ChipGroup label={t('risk')} chips={(config?.risks ?? PLINKO_RISKS).map((r) => ({ value: r, label: t(RISK_KEYS[r]) }))} value={risk} onChange={pickRisk} disabled={locked} />
        </div>
        <label className="dice-target">
          <span>
            {t('rows')} <strong className="tabular">{rows}</strong>
          </span>
          <input type="range" name="rows" min={8} max={16} step={1} value={rows} disabled={locked} onChange={(e) => pickRows(Number(e.target.value))} />
        </label>
        {table && <p className="game-page__fair">{t('returnToPlayer', { percent: (table.return * 100).toFixed(3) })}</p>}
        <PaceSwitches pace={pace} legend={t('hotkeysLegend')} manual={page.mode === 'manual'} instant={false} />
      </InstantBetControls>
      <div className="game-page__column">
        <section className="panel game-page__stage" aria-label={t('stage')}>
          <div ref={plinko.ref} className="plinko-stage" data-testid="plinko-scene" />
          <p className="game-page__result" data-testid="plinko-result" aria-live="polite">
            {last
              ? t('result', { slot: String(last.slot), multiplier: String(last.multiplier), payout: last.payout.toFixed(2) })
              : lastBefore
                ? t('lastBall', { multiplier: String(lastBefore.multiplier), payout: lastBefore.payout.toFixed(2) })
                : ''}
          </p>
          <BigWinShare shared={plinko.shared} />
          <FairLine fair={last ?? current?.seed ?? null} verifyPath="/plinko/provably-fair" />
        </section>
        <GameHistory history={plinkoHistory} refreshKey={page.historyKey} />
      </div>
    </div>
  );
}
