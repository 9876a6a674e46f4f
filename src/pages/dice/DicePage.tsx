import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { DICE_MAX_BET, DICE_MIN_BET, dicePayout, diceSnapTarget, diceSwapTarget, diceTargetBounds, diceTargetProblem, type DiceDirection } from '../../../core/games/dice.ts';
import type { DiceBetRequest, DiceBetResult } from '../../../core/protocol/games.ts';
import { DiceScene, type DiceResult } from '../../../scenes/dice/DiceScene.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { BigWinShare } from '../../features/transparency/BigWinShare.tsx';
import { FairLine, GameHistory } from '../../features/games/GameHistory.tsx';
import { diceHistory } from '../../../core/protocol/routes/games.ts';
import { InstantBetControls } from '../../features/games/InstantBetControls.tsx';
import { useInstantBetPage } from '../../features/games/useInstantBetPage.ts';
import { formatCoins } from '../../format/format.ts';
import { formatCents } from '../../../core/money/cents.ts';
import { chanceInput, multiplierInput, oddsShown } from './diceOdds.ts';
import { OddsField, OddsProblem } from '../../features/games/OddsField.tsx';
import { diceBet } from '../../../core/protocol/routes/games.ts';
import { PaceSwitches, usePace } from '../../features/games/PaceSwitches.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

const ODDS_PROBLEM_ID = 'dice-odds-problem';

// /dice: roll under or over a target. The server decides the roll; the scene slides the marker
// to it, and the balance shown updates when the scene has finished (useInstantBetPage: the
// animation flag holds the realtime update meanwhile; the answer's balance shows after play()).
// Roll re-arms on the answer (armOnAnswer): a click during the slide cuts it to the settled roll and
// the next slide starts there. Instant skips the slide; Hotkeys (off by default): Space rolls,
// W doubles and S halves the amount, Q swaps over / under (docs/games.md, "Dice pace").

export default function DicePage() {
  const [target, setTarget] = useState(50);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const dice = useScene<DiceResult, DiceScene>(
    () =>
      new DiceScene({
        target: 50,
        direction: 'under',
        labels: { winTimes: (multiplier) => t('verdictWinTimes', { multiplier }), win: t('verdictWin'), lose: t('verdictLose') },
      }),
    [],
  );
  const sceneRef = useRef(dice);
  sceneRef.current = dice;

  useEffect(() => {
    dice.scene?.setTarget(target, direction);
  }, [dice.scene, target, direction]);

  const page = useInstantBetPage<DiceBetRequest, DiceBetResult>({
    route: diceBet,
    schema: () => import('../../../core/protocol/betRequests.ts').then((m) => m.DiceBetSchema),
    body: (amount) => ({ amount, target, direction }),
    // Auto-bet plays each roll quickly and shows each balance on its answer (several bets a second).
    play: (result, quick) =>
      sceneRef.current.play({ roll: result.roll, target, direction, win: result.win, multiplier: result.multiplier, quick, instant: pace.instantNow() }),
    celebrate: (win, publicId) => sceneRef.current.celebrate(win, publicId),
    autoOnAnswer: true,
    armOnAnswer: true,
  });
  const { last, amountCents, problem, locked } = page;

  const odds = diceTargetProblem(target, direction) ? null : oddsShown(target, direction);
  const bounds = diceTargetBounds(direction);
  // The win chance and the multiplier can be typed (diceOdds.ts): a typed value becomes the target.
  const [oddsProblem, setOddsProblem] = useState<{ field: 'chance' | 'multiplier'; message: string } | null>(null);
  useEffect(() => setOddsProblem(null), [target, direction]);
  const oddsProps = (field: 'chance' | 'multiplier') => ({
    onTarget: setTarget,
    onProblem: (message: string | null) => setOddsProblem(message === null ? null : { field, message }),
    problemId: ODDS_PROBLEM_ID,
    invalid: oddsProblem?.field === field,
    disabled: locked,
  });

  const swap = () => {
    setDirection((d) => (d === 'under' ? 'over' : 'under'));
    setTarget(diceSwapTarget);
  };

  const min = DICE_MIN_BET / 100;
  const max = DICE_MAX_BET / 100;
  const pace = usePace('dice', page, { min, max }, { KeyQ: swap });

  return (
    <div className="game-page" data-testid="dice-page">
      <h1 className="visually-hidden">{t('stage')}</h1>
      <InstantBetControls page={page} label={t('controls')} action={t('rollDice')} min={min} max={max}>
        <label className="dice-target">
          <span>
            {t(direction === 'under' ? 'rollUnder' : 'rollOver')} <strong className="tabular">{target.toFixed(2)}</strong>
          </span>
          <input
            type="range"
            name="target"
            min={bounds.min}
            max={bounds.max}
            step={0.01}
            value={target}
            disabled={locked}
            onChange={(e) => setTarget(diceSnapTarget(Number(e.target.value)))}
          />
        </label>
        {problem?.field === 'target' && <p className="game-page__result game-page__result--lose">{problem.message}</p>}
        <Button variant="secondary" onClick={swap} disabled={locked}>
          {t(direction === 'under' ? 'switchToOver' : 'switchToUnder')}
        </Button>
        <div className="game-page__stats">
          <OddsField label={t('winChance')} unit="%" shown={odds?.chance ?? ''} read={(text) => chanceInput(text, direction)} {...oddsProps('chance')} />
          <OddsField label={t('multiplier')} unit="×" shown={odds?.multiplier ?? ''} read={(text) => multiplierInput(text, direction)} {...oddsProps('multiplier')} />
          <div className="game-page__stat">
            <span>{t('profitOnWin')}</span>
            <strong>{odds === null || amountCents === null ? '—' : formatCents(dicePayout(amountCents, target, direction) - amountCents)}</strong>
          </div>
        </div>
        {oddsProblem && <OddsProblem id={ODDS_PROBLEM_ID} message={oddsProblem.message} />}
        <PaceSwitches pace={pace} legend={t('hotkeysLegend')} manual={page.mode === 'manual'} />
      </InstantBetControls>
      <div className="game-page__column">
        <section className="panel game-page__stage" aria-label={t('stage')}>
          <div ref={dice.ref} className="dice-stage" data-testid="dice-scene" />
          <p className={`game-page__result ${last ? (last.win ? 'game-page__result--win' : 'game-page__result--lose') : ''}`} data-testid="dice-result" aria-live="polite">
            {last ? (last.win ? t('resultWin', { roll: last.roll.toFixed(2), payout: formatCoins(last.payout) }) : t('resultLoss', { roll: last.roll.toFixed(2) })) : ''}
          </p>
          <BigWinShare shared={dice.shared} />
          <FairLine fair={last} verifyPath="/dice/provably-fair" />
        </section>
        <GameHistory history={diceHistory} refreshKey={page.historyKey} />
      </div>
    </div>
  );
}
