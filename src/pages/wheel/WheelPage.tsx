import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { WHEEL_DEFAULT_TIMINGS, WHEEL_MULTIPLIERS, wheelColorAt } from '../../../core/games/wheel.ts';
import { WheelScene, type WheelSpin } from '../../../scenes/wheel/WheelScene.ts';
import { secondsUntil } from '../../features/rounds/serverClock.ts';
import { useNow } from '../../app/useNow.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { useWheelBetting } from '../../features/wheel/useWheelBetting.ts';
import { wheelAnnouncement } from '../../features/wheel/wheelAnnouncement.ts';
import { RoundAnnouncer } from '../../features/rounds/RoundAnnouncer.tsx';
import { useWheelConnection, useWheelGame } from '../../features/wheel/wheelGame.ts';
import { iWon, myWheelBets, myWheelWin, myWinningWheelBet, type WheelGameModel } from '../../features/wheel/wheelRound.ts';
import { BigWinShare } from '../../features/transparency/BigWinShare.tsx';
import { betLinkOf, useBetLinks } from '../../features/transparency/betLinks.ts';
import { useSession } from '../../stores/session.ts';
import { WheelBetPanel } from './WheelBetPanel.tsx';
import { HistoryStrip } from './HistoryStrip.tsx';
import { colorStyle, multiplierText, wheelFairHref } from '../../features/wheel/wheelColors.ts';
import '../../features/games/gamePage.css';
import './wheel.css';
import { callResponse } from '../../api/call.ts';
import { wheelConfig } from '../../../core/protocol/routes/rounds.ts';
import { colorName } from '../../features/wheel/wheelColorNames.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import gameMessages from '../../features/games/i18n/en-US.json';
import { ROUND_SCENE_IDLE_FRAME_RATE } from '../../../scenes/kit/viewerActs.ts';
import { livePlay } from '../../app/promoModalGate.ts';

const t = translator(messages);
const tg = translator(gameMessages);

// The tables sit below the wheel: they load after it, outside the page's first download. A
// prerendered /wheel shows them at once, so React's first render there waits for their code too
// (`preload`, called by src/app/preloadableLazy.ts) and then draws them in the same pass: lazy gets
// the loaded module as a settled thenable, as preloadableLazy does. (Importing preloadableLazy here
// would make the entry chunk export it: 70 bytes on the home page's JS, which has none to spare.)
const importTables = () => import('./WheelTables.tsx');
type TablesModule = Awaited<ReturnType<typeof importTables>>;
let tablesModule: TablesModule | undefined;
const loadTables = () => importTables().then((mod) => (tablesModule = mod));
const WheelTables = lazy(() => (tablesModule ? ({ then: (resolve: (mod: TablesModule) => void) => resolve(tablesModule!) } as Promise<TablesModule>) : loadTables()));
export const preload = () => loadTables().then(() => undefined);

// /wheel on black, without the aside (route handle.dark): the live round from the /wheel socket,
// the wheel scene spinning to the segment the server announces at `in_progress` (or standing on
// it at once with reduced motion), the bet panel, the strip of recent results and the tables.
// The spin's end is "drawn": the result shows in words and held balances go through.

interface Landed {
  roundId: number;
  /** Where the wheel's pointer stands (read back from the scene). */
  segment: number;
}

export default function WheelPage() {
  useWheelConnection();
  useBetLinks();
  const model = useWheelGame((s) => s.model);
  const connected = useWheelGame((s) => s.connected);
  const userId = useSession((s) => s.user?.id ?? null);
  const betting = useWheelBetting();
  // Rounds spin whether anyone plays: until the viewer acts on the page, a low frame rate.
  const wheel = useScene<WheelSpin, WheelScene>(() => new WheelScene(), [], { background: 0x000000, idleFrameRate: ROUND_SCENE_IDLE_FRAME_RATE });
  const [landed, setLanded] = useState<Landed | null>(null);
  const shownRound = useRef(0);
  const restedOnHistory = useRef(false);
  const round = model.round;
  const { spinPlayed } = betting;
  const bettingMs = useBettingWindow();

  // The scene follows the round: a spin at `in_progress` (from where it is, for a late joiner),
  // the result at once when the page arrives after the spin, the plain wheel for a new round. The
  // spin is a play like every scene's: when it settles the result shows in words and the round's
  // held balances go through (useWheelBetting.spinPlayed).
  useEffect(() => {
    if (!round || (wheel.available && !wheel.scene)) return;
    const scene = wheel.scene;
    if (round.segment === null || round.voided) {
      if (shownRound.current !== round.round_id) scene?.clearResult();
      // A fresh page stands on the last result until the first spin.
      if (!restedOnHistory.current && model.history[0]) scene?.rest(model.history[0].segment);
      restedOnHistory.current = true;
      // A void round has no spin to draw.
      if (round.voided) spinPlayed(round.round_id, Promise.resolve());
      return;
    }
    if (shownRound.current === round.round_id) return;
    shownRound.current = round.round_id;
    restedOnHistory.current = true;
    const { round_id: roundId, segment } = round;
    // An ended round is a spin with nothing left to show: the scene stands on the result at once.
    const sinceLaunch = round.launched_at === null ? 0 : Math.max(0, Date.now() + model.offsetMs - round.launched_at);
    const elapsedMs = round.status === 'ended' ? round.spin_ms : sinceLaunch;
    const played = wheel.play({ segment, spinMs: round.spin_ms, elapsedMs, win: iWon(model, userId) });
    spinPlayed(roundId, played);
    const win = myWheelWin(model, userId);
    // A big win shares the page of the bet on the winning colour (its id comes on the private channel).
    const paying = myWinningWheelBet(model, userId);
    if (win) void played.then(() => wheel.celebrate(win, paying ? betLinkOf('wheel', paying.id) : undefined));
    // Where the pointer stands, read back from the scene (no canvas: the decided segment).
    void played.then(() => setLanded({ roundId, segment: scene && wheel.available ? scene.pointerSegment : segment }));
  }, [round, model, userId, wheel, spinPlayed]);

  const mine = myWheelBets(model, userId);
  const endedRound = round?.status === 'ended' ? round.round_id : 0;
  const shown = landed && round && landed.roundId === round.round_id ? landed : null;

  return (
    <div className="game-page game-page--dark wheel-page" data-testid="wheel-page">
      <h1 className="visually-hidden">{t('stage')}</h1>
      <WheelBetPanel model={model} betting={betting} mine={mine} />
      <div className="game-page__column">
        <section className="panel game-page__stage wheel-stage-panel" aria-label={t('stage')} {...livePlay(mine.some((b) => b.status === 'open'))}>
          <HistoryStrip history={model.history} />
          <div className="wheel-stage-wrap">
            <div
              ref={wheel.ref}
              className="wheel-stage"
              data-testid="wheel-scene"
              data-round-status={round?.status ?? 'none'}
              data-round-id={round?.round_id ?? ''}
              data-landed-round={shown?.roundId ?? ''}
              data-landed-segment={shown?.segment ?? ''}
            />
            <Countdown model={model} bettingMs={bettingMs} />
          </div>
          <Readout model={model} landed={shown} connected={connected} />
          <BigWinShare shared={wheel.shared} />
          <RoundAnnouncer text={wheelAnnouncement(round, shown, mine)} />
        </section>
        <Suspense fallback={<section className="panel game-page__stage" aria-label={t('tables')} />}>
          <WheelTables bets={model.bets} userId={userId} refreshKey={endedRound} />
        </Suspense>
      </div>
    </div>
  );
}

/** The betting window's length (ms) from GET /api/wheel/config: the countdown bar's full width. */
function useBettingWindow(): number {
  const [ms, setMs] = useState<number>(WHEEL_DEFAULT_TIMINGS.bettingMs);
  useEffect(() => {
    let live = true;
    callResponse(wheelConfig, {})
      .then((res) => live && setMs(res.data.data.timings.betting_ms))
      .catch((error) => console.warn('wheel: no config', error));
    return () => {
      live = false;
    };
  }, []);
  return ms;
}

/**
 * The clock of the betting window's countdowns: the one over the wheel and the readout under it read
 * the same clock (src/app/useNow.ts), so they always agree, and each renders alone on its ticks.
 */
function useBettingClock(model: WheelGameModel): number {
  return useNow(model.round?.status === 'starting', 250);
}

/** The betting window's seconds and a bar that empties with them, over the wheel. */
function Countdown({ model, bettingMs }: { model: WheelGameModel; bettingMs: number }) {
  const round = model.round;
  const now = useBettingClock(model);
  if (round?.status !== 'starting' || round.starts_at === null) return null;
  const left = Math.max(0, round.starts_at - now - model.offsetMs);
  const seconds = secondsUntil(round.starts_at, model.offsetMs, now);
  return (
    <div className="wheel-countdown" data-testid="wheel-countdown" aria-hidden>
      <span className="wheel-countdown__label">{t('spinIn')}</span>
      <strong className="wheel-countdown__seconds">{seconds}</strong>
      <span className="wheel-countdown__bar" style={{ ['--left' as string]: String(Math.min(1, left / bettingMs)) }} />
    </div>
  );
}

/** The round in words under the wheel, for reduced motion and the tests (screen readers hear the RoundAnnouncer). */
function Readout({ model, landed, connected }: { model: WheelGameModel; landed: Landed | null; connected: boolean }) {
  const round = model.round;
  const now = useBettingClock(model);
  let text: string;
  let color: ReturnType<typeof wheelColorAt> | null = null;
  if (!round || round.round_id === 0) text = t(connected ? 'waiting' : 'connecting');
  else if (round.voided) text = t('roundVoid');
  else if (landed) {
    color = wheelColorAt(landed.segment);
    text = `${colorName(color)} ${multiplierText(WHEEL_MULTIPLIERS[color])}`;
  } else if (round.status === 'starting') text = t('placeBets', { seconds: String(secondsUntil(round.starts_at, model.offsetMs, now)) });
  else if (round.status === 'pending') text = t('betsClosed');
  else if (round.status === 'in_progress') text = t('spinning');
  else text = t('waiting');
  return (
    <p className="game-page__result wheel-readout" data-testid="wheel-readout" data-status={round?.status ?? 'none'}>
      {round && round.round_id > 0 && <span className="wheel-readout__round">{t('round', { round: String(round.round_number) })}</span>}
      <span className={color ? 'wheel-readout__result' : undefined} style={color ? colorStyle(color) : undefined}>
        {text}
      </span>
      {landed && round?.hash && (
        <Link className="game-history__verify" to={wheelFairHref(round.hash, round.round_number)}>
          {tg('verify')}
        </Link>
      )}
    </p>
  );
}
