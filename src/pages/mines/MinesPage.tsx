import { useRef } from 'react';
import { Button } from '../../components/Button.tsx';
import { MINES_MAX, MINES_MAX_BET, MINES_MIN, MINES_MIN_BET, MINES_TILES, minesMultiplier, minesSafeTiles } from '../../../core/games/mines.ts';
import { MinesScene, type MinesResult } from '../../../scenes/mines/MinesScene.ts';
import { AutoBetPanel } from '../../features/autobet/AutoBetPanel.tsx';
import { BetAmountField } from '../../features/autobet/BetAmountField.tsx';
import { BetModeTabs } from '../../features/autobet/BetModeTabs.tsx';
import { DepositForShortfall } from '../../features/deposit/shortfall.tsx';
import { BigWinShare } from '../../features/transparency/BigWinShare.tsx';
import { FairLine, GameHistory } from '../../features/games/GameHistory.tsx';
import { minesHistory } from '../../../core/protocol/routes/mines.ts';
import { PaceSwitches, usePace, type Pace } from '../../features/games/PaceSwitches.tsx';
import { PlayBlockBanner } from '../../features/responsible/PlayBlockBanner.tsx';
import { usePlayBlock } from '../../features/responsible/playBlock.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { formatCoins } from '../../format/format.ts';
import { useMinesGame, type MinesGame } from './useMinesGame.ts';
import '../../features/games/gamePage.css';
import './mines.css';
import { translator } from '../../i18n/i18n.ts';
import { livePlay } from '../../app/promoModalGate.ts';
import messages from './i18n/en-US.json';
import gameMessages from '../../features/games/i18n/en-US.json';

const t = translator(messages);
const tg = translator(gameMessages);

// /mines: a 5×5 board, 1–24 mines, reveal tiles one by one and cash out (docs/mines.md). Every number
// on the page is the last answer's: the multiplier, the next tile's, the cash-out amount and the
// board the scene draws. The tiles are buttons laid over the scene's square (scenes take no pointer
// input), so the board works with a keyboard and a screen reader too.

/**
 * Mines' pace (docs/games.md, "Pace"): Instant turns each tile with the answer, no flip; Hotkeys:
 * Space bets, or cashes out a board with a gem; R turns a random unturned tile; W and S double and
 * halve the next board's amount (never an open board's: its stake is placed).
 */
function useMinesPace(game: MinesGame): Pace {
  const { open } = game;
  const randomTile = () => {
    if (!open || game.busy) return;
    const unturned = Array.from({ length: MINES_TILES }, (_, i) => i).filter((i) => !open.revealed.includes(i));
    // The player's pick, made by the page for them: which tile, never what it holds.
    game.tile(unturned[Math.floor(Math.random() * unturned.length)]!);
  };
  const keyed = {
    mode: game.mode,
    locked: game.auto.running,
    busy: game.busy,
    amount: game.amount,
    setAmount: (amount: string) => !open && game.setAmount(amount),
    // A board with no gem yet has nothing to cash out: Space then waits for a tile.
    betOnce: async () => !(open && open.revealed.length === 0) && game.main(),
  };
  return usePace('mines', keyed, { min: MINES_MIN_BET / 100, max: MINES_MAX_BET / 100 }, { KeyR: randomTile });
}

function MinesControls({ game, pace }: { game: MinesGame; pace: Pace }) {
  const { open, board, mode, auto } = game;
  const locked = auto.running || Boolean(open);
  const safe = open ? open.revealed.length : 0;
  // A break or a reached limit closes a new game (a game already open can still be played and cashed out).
  const block = usePlayBlock('stake');
  let main;
  if (mode === 'manual' && game.shortfall > 0 && !game.busy && !block) main = <DepositForShortfall missing={game.shortfall} block />;
  else if (mode === 'manual')
    main = open ? (
      <Button size="large" variant="money" block loading={game.busy} disabled={safe === 0} onClick={game.main} data-testid="mines-cashout">
        {t('cashOut', { amount: formatCoins(open.payout) })}
      </Button>
    ) : (
      <Button size="large" block loading={game.busy} disabled={Boolean(block)} onClick={game.main} data-testid="mines-bet">
        {t('bet')}
      </Button>
    );
  else if (game.signedIn)
    main = (
      <>
        <p className="mines-picks" data-testid="mines-picks">
          {game.picks.length === 0 ? t('pickTiles') : t('tilesPicked', { count: game.picks.length })}
          {game.picks.length > 0 && !auto.running && (
            <button type="button" className="mines-picks__clear" onClick={game.clearPicks}>
              {t('clear')}
            </button>
          )}
        </p>
        <AutoBetPanel run={auto} baseAmountCents={game.amountCents} disabled={game.picks.length === 0 || Boolean(open) || Boolean(block)} />
      </>
    );
  else
    main = (
      <Button size="large" block onClick={game.logIn}>
        {tg('logInToPlay')}
      </Button>
    );
  const shown = open ?? board;
  return (
    <section className="panel game-page__controls" aria-label={t('controls')}>
      <PlayBlockBanner block={block} />
      <BetModeTabs mode={mode} onChange={game.setMode} locked={locked} />
      <BetAmountField value={game.amount} onChange={game.setAmount} min={MINES_MIN_BET / 100} max={MINES_MAX_BET / 100} error={game.problem?.field === 'amount' ? game.problem.message : null} disabled={locked} />
      <label className="mines-count">
        <span>{t('mines')}</span>
        <select name="mines" aria-label={t('mines')} value={game.mines} disabled={locked} onChange={(e) => game.setMines(Number(e.target.value))}>
          {Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => i + MINES_MIN).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <PaceSwitches pace={pace} legend={t('hotkeysLegend')} manual={mode === 'manual'} />
      {game.problem && game.problem.field !== 'amount' && <p className="game-page__result game-page__result--lose">{game.problem.message}</p>}
      <div className="game-page__stats">
        <div className="game-page__stat">
          <span>{tg('columnMultiplier')}</span>
          <strong data-testid="mines-multiplier">{open && open.multiplier > 0 ? `×${open.multiplier.toFixed(2)}` : '—'}</strong>
        </div>
        <div className="game-page__stat">
          <span>{t('nextTile')}</span>
          <strong data-testid="mines-next">×{(open ? (open.next_multiplier ?? 0) : minesMultiplier(game.mines, 1)).toFixed(2)}</strong>
        </div>
        <div className="game-page__stat">
          <span>{t('gemsLeft')}</span>
          <strong>{shown && shown.status === 'open' ? minesSafeTiles(shown.mines) - shown.revealed.length : minesSafeTiles(game.mines)}</strong>
        </div>
      </div>
      {main}
    </section>
  );
}

function resultLine(game: MinesGame): string {
  const b = game.board;
  if (!b || b.status === 'open') return b ? t('resultOpen', { count: b.revealed.length, amount: formatCoins(b.payout) }) : '';
  return b.status === 'cashed_out' ? t('resultCashedOut', { amount: formatCoins(b.payout), multiplier: b.multiplier.toFixed(2) }) : t('resultLost');
}

export default function MinesPage() {
  const mines = useScene<MinesResult, MinesScene>(() => new MinesScene(), []);
  // Instant draws the answer's board at once (the scene's reduced-motion path); read when an answer plays.
  const instant = useRef<() => boolean>(() => false);
  const game = useMinesGame(
    (view) => (instant.current() ? Promise.resolve(mines.scene?.show(view)) : mines.play(view)),
    (view) => mines.scene?.show(view),
    mines.celebrate,
  );
  const pace = useMinesPace(game);
  instant.current = pace.instantNow;
  const { board, open, mode } = game;
  const revealed = new Set(board?.revealed ?? []);
  return (
    <div className="game-page" data-testid="mines-page">
      <h1 className="visually-hidden">{t('stage')}</h1>
      <MinesControls game={game} pace={pace} />
      <div className="game-page__column">
        <section className="panel game-page__stage" aria-label={t('stage')}>
          <div className="mines-board" {...livePlay(open !== null)}>
            <div ref={mines.ref} className="mines-stage" data-testid="mines-scene" />
            <div className="mines-tiles" role="group" aria-label={t('tiles')}>
              {Array.from({ length: MINES_TILES }, (_, i) => {
                const picked = mode === 'auto' && game.picks.includes(i);
                const done = open ? revealed.has(i) : false;
                return (
                  <button
                    key={i}
                    type="button"
                    className={`mines-tile${picked ? ' mines-tile--picked' : ''}`}
                    data-testid={`mines-tile-${i}`}
                    aria-label={t('tile', { row: String(Math.floor(i / 5) + 1), column: String((i % 5) + 1), gem: done ? 'yes' : 'no', picked: picked ? 'yes' : 'no' })}
                    aria-pressed={mode === 'auto' ? picked : undefined}
                    disabled={mode === 'manual' ? !open || done || game.busy : game.auto.running}
                    onClick={() => game.tile(i)}
                  />
                );
              })}
            </div>
          </div>
          <p className={`game-page__result ${board?.status === 'cashed_out' ? 'game-page__result--win' : board?.status === 'lost' ? 'game-page__result--lose' : ''}`} data-testid="mines-result" aria-live="polite">
            {resultLine(game)}
          </p>
          <BigWinShare shared={mines.shared} />
          <FairLine fair={board} verifyPath="/mines/provably-fair" />
        </section>
        {/* Read again when a board ends (its id), as the instant games' after each bet. */}
        <GameHistory history={minesHistory} refreshKey={board && board.status !== 'open' ? board.id : 0} />
      </div>
    </div>
  );
}
