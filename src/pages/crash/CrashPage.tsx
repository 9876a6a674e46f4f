import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CrashScene, type CrashMark, type CrashPlay, type CrashRoundView } from '../../../scenes/crash/CrashScene.ts';
import { formatMultiplier } from '../../../scenes/crash/crashChart.ts';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { useCrashConnection, useCrashGame } from '../../features/crash/crashGame.ts';
import { myBet, type CrashRoundView as RoundParts } from '../../features/crash/crashRound.ts';
import { livePlay } from '../../app/promoModalGate.ts';
import type { CrashRoundState } from '../../../core/protocol/realtime.ts';
import { useCrashBetting } from '../../features/crash/useCrashBetting.ts';
import { crashAnnouncement } from '../../features/crash/crashAnnouncement.ts';
import { RoundAnnouncer } from '../../features/rounds/RoundAnnouncer.tsx';
import { useLiveMultiplier } from '../../features/crash/useLiveMultiplier.ts';
import { secondsUntil } from '../../features/rounds/serverClock.ts';
import { useNow } from '../../app/useNow.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { useSession } from '../../stores/session.ts';
import { CrashBetPanel } from './CrashBetPanel.tsx';
import { BigWinShare } from '../../features/transparency/BigWinShare.tsx';
import { betLinkOf, useBetLinks } from '../../features/transparency/betLinks.ts';
import { fairHref, HistoryStrip, Leaderboard, MyBets, RecentRounds, RoundBets, type MyCrashBet } from './CrashTables.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import gameMessages from '../../features/games/i18n/en-US.json';
import layoutMessages from '../../app/layout/i18n/en-US.json';
import '../../features/games/gamePage.css';
import './crash.css';
import { ROUND_SCENE_IDLE_FRAME_RATE } from '../../../scenes/kit/viewerActs.ts';

const t = translator(messages);
const tg = translator(gameMessages);
const tl = translator(layoutMessages);

// /crash on black, without the aside (route handle.dark): the live round from the /crash socket
// drawn by the crash scene, the bet panel, the recent crash points and the tables. The scene draws
// from the round's times and the clock offset; the page only hands it the state.

function sceneView({ round: r, bets }: RoundParts, userId: number | null): CrashRoundView | null {
  if (!r) return null;
  const cashOuts: CrashMark[] = bets
    .filter((b) => b.status === 'cashed_out' && b.cashed_out_at !== null)
    .map((b) => ({ key: b.id, name: b.user.name, multiplier: b.cashed_out_at!, mine: b.user.id === userId }));
  return { roundId: r.round_id, status: r.status, startsAt: r.starts_at, launchedAt: r.launched_at, crashPoint: r.crash_point, cashOuts };
}

const TABS = ['bets', 'mine', 'rounds', 'leaderboard'] as const;
type Tab = (typeof TABS)[number];

/** A tab's name ("My bets" and "Leaderboard" are the games' and the menu's words). */
function tabLabel(tab: Tab): string {
  if (tab === 'mine') return tg('myBets');
  if (tab === 'leaderboard') return tl('leaderboard');
  return t(tab === 'bets' ? 'tabBets' : 'tabRounds');
}

export default function CrashPage() {
  useCrashConnection();
  // The model's parts one by one: a tick only adds a clock sample, which changes none of them (and
  // the offset rarely), so the page renders on the round's events, not five times a second. The
  // live multiplier re-renders only the leaves that print it (Readout, the cash-out button).
  const round = useCrashGame((s) => s.model.round);
  const bets = useCrashGame((s) => s.model.bets);
  const history = useCrashGame((s) => s.model.history);
  const offsetMs = useCrashGame((s) => s.model.offsetMs);
  const parts = useMemo(() => ({ round, bets }), [round, bets]);
  const connected = useCrashGame((s) => s.connected);
  const userId = useSession((s) => s.user?.id ?? null);
  const crash = useScene<CrashPlay, CrashScene>(
    () =>
      new CrashScene({
        labels: { crashed: t('sceneCrashed'), currentPayout: t('sceneCurrentPayout'), nextRoundIn: t('sceneNextRoundIn'), launching: t('sceneLaunching'), waiting: t('sceneWaiting') },
      }),
    [],
    // Rounds fly whether anyone plays: until the viewer acts on the page, a low frame rate.
    { background: 0x000000, idleFrameRate: ROUND_SCENE_IDLE_FRAME_RATE },
  );
  const sceneRef = useRef(crash);
  sceneRef.current = crash;
  // The player's bet plays on the scene until its outcome is drawn (no canvas: it settles at once).
  // Once drawn, a cashed-out bet gets the big-win moment when its multiplier earns it.
  const betting = useCrashBetting(
    useCallback(async (bet) => {
      await sceneRef.current.play({ bet });
      const settled = useCrashGame.getState().model.bets.find((b) => b.id === bet.key);
      if (settled?.status !== 'cashed_out' || settled.payout === null) return;
      // A big win shares its bet's page: the cash-out's answer or, for the server's cash-out, the private notice.
      sceneRef.current.celebrate({ stake: settled.amount, payout: settled.payout }, betLinkOf('crash', bet.key));
    }, []),
  );
  useBetLinks();
  const [tab, setTab] = useState<Tab>('bets');
  const [myBets, setMyBets] = useState<MyCrashBet[]>([]);

  // A cash-out's moment stays over its round; the next round's countdown takes it away.
  const startingRound = round?.status === 'starting' ? round.round_id : null;
  const { clearCelebration } = crash;
  useEffect(() => {
    if (startingRound === null) return;
    clearCelebration();
  }, [startingRound, clearCelebration]);

  const view = useMemo(() => sceneView(parts, userId), [parts, userId]);
  useEffect(() => {
    if (!crash.scene || !view) return;
    crash.scene.setClockOffset(offsetMs);
    crash.scene.setRound(view);
  }, [crash.scene, view, offsetMs]);

  // The player's bets of this visit, completed with the crash point and hash when the round ends.
  useEffect(() => {
    if (userId === null || !round) return;
    const mine = bets.filter((b) => b.user.id === userId);
    if (!mine.length) return;
    setMyBets((current) => {
      const byId = new Map(current.map((b) => [b.id, b]));
      for (const b of mine) byId.set(b.id, { ...b, round_number: round.round_number, crash_point: round.crash_point, hash: round.hash });
      return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, 30);
    });
  }, [bets, round, userId]);

  const endedRound = round?.status === 'ended' ? round.round_id : 0;

  return (
    <div className="game-page game-page--dark crash-page" data-testid="crash-page">
      <h1 className="visually-hidden">{t('crash')}</h1>
      <CrashBetPanel betting={betting} />
      <div className="game-page__column">
        <section className="panel game-page__stage crash-stage-panel" aria-label={t('crash')} {...livePlay(betting.queued !== null || myBet(parts, userId)?.status === 'open')}>
          <HistoryStrip history={history} />
          <div ref={crash.ref} className="crash-stage" data-testid="crash-scene" data-round-status={round?.status ?? 'none'} data-round-id={round?.round_id ?? ''} data-betting-ends-at={round?.betting_ends_at ?? ''} />
          <Readout round={round} offsetMs={offsetMs} connected={connected} />
          <BigWinShare shared={crash.shared} />
          <RoundAnnouncer text={crashAnnouncement(parts, userId)} />
        </section>
        <section className="panel game-page__stage" aria-label={t('tables')}>
          <ChipGroup chips={TABS.filter((value) => value !== 'mine' || userId !== null).map((value) => ({ value, label: tabLabel(value) }))} value={tab} onChange={setTab} />
          {tab === 'bets' && <RoundBets bets={bets} userId={userId} ended={round?.status === 'ended'} />}
          {tab === 'mine' && <MyBets bets={myBets} />}
          {tab === 'rounds' && <RecentRounds refreshKey={endedRound} />}
          {tab === 'leaderboard' && <Leaderboard />}
        </section>
      </div>
    </div>
  );
}

/** The round in words under the chart, for reduced motion and the tests (screen readers hear the RoundAnnouncer). */
function Readout({ round, offsetMs, connected }: { round: CrashRoundState | null; offsetMs: number; connected: boolean }) {
  const multiplier = useLiveMultiplier(round, offsetMs);
  const now = useNow(round?.status === 'starting', 250);
  let text: string;
  if (!round) text = connected ? t('waiting') : t('connecting');
  else if (round.status === 'ended' && round.crash_point !== null) text = t('crashedAt', { multiplier: formatMultiplier(round.crash_point) });
  else if (round.status === 'in_progress') text = formatMultiplier(multiplier);
  else if (round.status === 'starting') text = t('nextRoundIn', { seconds: secondsUntil(round.starts_at, offsetMs, now) });
  else if (round.status === 'pending') text = t('launching');
  else text = t('waiting');
  return (
    <p className="game-page__result crash-readout" data-testid="crash-readout" data-status={round?.status ?? 'none'}>
      {round && <span className="crash-readout__round">{t('roundNumber', { number: round.round_number })}</span>}
      <span className="crash-readout__text">{text}</span>
      {round?.status === 'ended' && round.hash && (
        <Link className="game-history__verify" to={fairHref(round.hash, round.round_number)}>
          {tg('verify')}
        </Link>
      )}
    </p>
  );
}
