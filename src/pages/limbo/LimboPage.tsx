import { useEffect, useRef, useState } from 'react';
import { LIMBO_DEFAULT_TARGET, LIMBO_MAX_BET, LIMBO_MIN_BET, limboPayout } from '../../../core/games/limbo.ts';
import { FAIRNESS_PAGE } from '../../../core/games/verifyPaths.ts';
import type { LimboBetRequest, LimboBetResult } from '../../../core/protocol/limbo.ts';
import { formatCents } from '../../../core/money/cents.ts';
import { LimboScene, formatMultiplier, type LimboResult } from '../../../scenes/limbo/LimboScene.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { BigWinShare } from '../../features/transparency/BigWinShare.tsx';
import { FairLine, GameHistory } from '../../features/games/GameHistory.tsx';
import { limboBet, limboHistory } from '../../../core/protocol/routes/limbo.ts';
import { InstantBetControls } from '../../features/games/InstantBetControls.tsx';
import { OddsField, OddsProblem } from '../../features/games/OddsField.tsx';
import { useInstantBetPage } from '../../features/games/useInstantBetPage.ts';
import { PaceSwitches, usePace } from '../../features/games/PaceSwitches.tsx';
import { formatCoins } from '../../format/format.ts';
import { chanceInput, oddsShown, targetInput } from './limboOdds.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import './limboPage.css';

const t = translator(messages);

const ODDS_PROBLEM_ID = 'limbo-odds-problem';
/** How many of the player's latest results the strip keeps. */
const RECENT_RESULTS = 12;

// /limbo (docs/limbo.md): pick a target multiplier; the server's result multiplier wins when it
// reaches it. The scene counts up to the result; the balance shown updates when the scene has
// finished (useInstantBetPage, as dice). The strip above the scene keeps this visit's latest results.
// Instant plays the short count of auto-bet; Hotkeys (off by default): Space bets, W doubles and S
// halves the amount (PaceSwitches, as dice).

export default function LimboPage() {
  const [target, setTarget] = useState(LIMBO_DEFAULT_TARGET);
  const [recent, setRecent] = useState<{ key: number; result: number; win: boolean }[]>([]);
  const limbo = useScene<LimboResult, LimboScene>(() => new LimboScene({ target: LIMBO_DEFAULT_TARGET, labels: { target: (target) => t('sceneTarget', { target }) } }), []);
  const sceneRef = useRef(limbo);
  sceneRef.current = limbo;

  useEffect(() => {
    limbo.scene?.setTarget(target);
  }, [limbo.scene, target]);

  const page = useInstantBetPage<LimboBetRequest, LimboBetResult>({
    route: limboBet,
    schema: () => import('../../../core/protocol/limbo.ts').then((m) => m.LimboBetSchema),
    body: (amount) => ({ amount, target }),
    play: (result, quick) => sceneRef.current.play({ result: result.result, target: result.target, win: result.win, quick: quick || pace.instantNow() }),
    celebrate: (win, publicId) => sceneRef.current.celebrate(win, publicId),
    onPlayed: (result) => setRecent((list) => [{ key: result.nonce, result: result.result, win: result.win }, ...list].slice(0, RECENT_RESULTS)),
    // Auto-bet counts each result quickly and shows each balance on its answer (several bets a second).
    autoOnAnswer: true,
  });
  const { last, amountCents, problem, locked } = page;
  const pace = usePace('limbo', page, { min: LIMBO_MIN_BET / 100, max: LIMBO_MAX_BET / 100 });

  const odds = oddsShown(target);
  const [oddsProblem, setOddsProblem] = useState<{ field: 'target' | 'chance'; message: string } | null>(null);
  useEffect(() => setOddsProblem(null), [target]);
  const oddsProps = (field: 'target' | 'chance') => ({
    onTarget: setTarget,
    onProblem: (message: string | null) => setOddsProblem(message === null ? null : { field, message }),
    problemId: ODDS_PROBLEM_ID,
    invalid: oddsProblem?.field === field || (field === 'target' && problem?.field === 'target'),
    disabled: locked,
  });

  return (
    <div className="game-page" data-testid="limbo-page">
      <h1 className="visually-hidden">{t('stage')}</h1>
      <InstantBetControls page={page} label={t('controls')} action={t('bet')} min={LIMBO_MIN_BET / 100} max={LIMBO_MAX_BET / 100}>
        <div className="game-page__stats">
          <OddsField label={t('target')} unit="×" shown={odds.target} read={targetInput} {...oddsProps('target')} />
          <OddsField label={t('winChance')} unit="%" shown={odds.chance} read={chanceInput} {...oddsProps('chance')} />
          <div className="game-page__stat">
            <span>{t('winPayout')}</span>
            <strong data-testid="limbo-payout">{amountCents === null ? '—' : formatCents(limboPayout(amountCents, target))}</strong>
          </div>
        </div>
        {oddsProblem && <OddsProblem id={ODDS_PROBLEM_ID} message={oddsProblem.message} />}
        {problem?.field === 'target' && <p className="game-page__result game-page__result--lose">{problem.message}</p>}
        <PaceSwitches pace={pace} legend={t('hotkeysLegend')} manual={page.mode === 'manual'} />
      </InstantBetControls>
      <div className="game-page__column">
        <section className="panel game-page__stage" aria-label={t('stage')}>
          <ol className="limbo-recent" aria-label={t('recentResults')} data-testid="limbo-recent">
            {recent.map((r) => (
              <li key={r.key} className={r.win ? 'limbo-recent__win' : 'limbo-recent__lose'}>
                {formatMultiplier(r.result)}
              </li>
            ))}
          </ol>
          <div ref={limbo.ref} className="limbo-stage" data-testid="limbo-scene" />
          <p className={`game-page__result ${last ? (last.win ? 'game-page__result--win' : 'game-page__result--lose') : ''}`} data-testid="limbo-result" aria-live="polite">
            {last
              ? last.win
                ? t('resultWin', { result: formatMultiplier(last.result), target: formatMultiplier(last.target), payout: formatCoins(last.payout) })
                : t('resultLoss', { result: formatMultiplier(last.result), target: formatMultiplier(last.target) })
              : ''}
          </p>
          <BigWinShare shared={limbo.shared} />
          <FairLine fair={last} verifyPath={FAIRNESS_PAGE.limbo} />
        </section>
        <GameHistory history={limboHistory} refreshKey={page.historyKey} />
      </div>
    </div>
  );
}
