import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../../components/toast.tsx';
import { Bot, Link2, ShieldCheck, Trophy } from 'lucide-react';
import { battleLayout, isTeamMode, seatTeam } from '../../../core/games/battle.ts';
import type { BattleDetail, BattleRound, BattleSummary } from '../../../core/protocol/battle.ts';
import { battlePath } from '../../../core/protocol/battleEvents.ts';
import { battleChannel } from '../../../core/protocol/realtime.ts';
import { BattleScene, SEAT_COLOURS, type BattleSceneRound } from '../../../scenes/battle/BattleScene.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useScene } from '../../features/scenes/useScene.ts';
import { addBots, battleErrorText, cancelBattle, createBattle, fetchBattle, joinBattle } from '../../features/battles/battlesApi.ts';
import { BattleBoxes } from '../../features/battles/BattleBoxes.tsx';
import { BattleResult } from '../../features/battles/BattleResult.tsx';
import { BigWinShare } from '../../features/transparency/BigWinShare.tsx';
import { betLinkOf, useBetLinks } from '../../features/transparency/betLinks.ts';
import { battleFairLink, isEarlierBattle, battleSettings, battleStatusNote, countedRounds, myBattleWin, resultAnnouncement, roundAnnouncement, sceneView, seatName, teamName, totalsAfter } from '../../features/battles/battleView.ts';
import { formatDateTime } from '../../format/format.ts';
import { useBattleChannel } from '../../features/battles/useBattleChannel.ts';
import { withClockSample, type ClockEstimate } from '../../features/rounds/serverClock.ts';
import { useToBattle } from '../../features/battles/toBattle.ts';
import { useSession } from '../../stores/session.ts';
import { PlayBlockBanner } from '../../features/responsible/PlayBlockBanner.tsx';
import { usePlayBlock } from '../../features/responsible/playBlock.ts';
import { useModals } from '../../stores/modals.ts';
import { NotFoundPage } from '../NotFoundPage.tsx';
import '../../features/battles/battles.css';
import { useAnimation } from '../../stores/animation.ts';
import { livePlay } from '../../app/promoModalGate.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /battles/{id}: the battle scene with one reel per seat, the seats to join or fill with bots
// before start, the rounds as the server paces them (every viewer sees the round of the server's
// clock), the result, every roll's fairness link and the ways to play it again after the end. What
// the page shows of each round follows the scene (src/features/battles/battleView.ts): a round
// counts once its reels land, and a polite live region says so.

const hex = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

export default function BattlePage() {
  const { id: param } = useParams();
  const id = Number(param);
  // A private battle's link carries its key; the answers and the channel need it (docs/battles.md).
  const key = useSearchParams()[0].get('key');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  // A break or a reached limit closes the seats (a seat is a stake).
  const block = usePlayBlock('stake');
  const userIdRef = useRef<number | null>(null);
  userIdRef.current = user?.id ?? null;
  const openModal = useModals((s) => s.open);
  const toBattle = useToBattle();
  const [detail, setDetail] = useState<BattleDetail | null | 'missing'>(null);
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // The rounds the scene has landed (of this battle), whether it has shown the winners, and what the live region says about the last.
  const [landed, setLanded] = useState({ id, rounds: 0, over: false });
  /** What the live region says (`text`) and what it has said so far: the battle, its round, and whether it was the ending. */
  const [said, setSaid] = useState({ id: 0, round: 0, over: false, text: '' });
  // The server's clock as the round pages estimate it (src/features/rounds/serverClock.ts).
  const clock = useRef<ClockEstimate>({ offsetMs: 0, offsetSamples: [] });

  // Answers and events can cross (a load asked before an event, answered after it): the later state stays.
  const accept = useCallback((next: BattleDetail) => {
    clock.current = withClockSample(clock.current, next.server_time, Date.now());
    setDetail((shown) => (shown && shown !== 'missing' && shown.id === next.id && isEarlierBattle(next, shown) ? shown : next));
  }, []);

  /** Reads the battle again; `onFailure` 'kept': a failed read leaves the page as it is (not shown missing). */
  const reload = useCallback(
    (onFailure: 'missing' | 'kept' = 'missing') => fetchBattle(id, key).then(accept, () => onFailure === 'missing' && setDetail('missing')),
    [id, key, accept],
  );
  useEffect(() => {
    setDetail(null);
    setSaid((was) => ({ ...was, text: '' }));
    void reload();
  }, [reload]);

  // Loaded again once its channel is subscribed: a start or a round published before that (the
  // socket comes after the page's first answer) would otherwise leave the page behind the battle.
  const resync = useCallback(() => void reload('kept'), [reload]);
  useBattleChannel(Number.isSafeInteger(id) ? battleChannel(id, key) : null, (event, data) => {
    if (event === 'battleStarted' || event === 'battleEnded') accept((data as { battle: BattleDetail }).battle);
    else if (event === 'playerJoined' || event === 'battleCanceled') {
      const summary = (data as { battle: BattleSummary }).battle;
      setDetail((d) => (d && d !== 'missing' && !isEarlierBattle(summary, d) ? { ...d, ...summary, winner: d.winner, seats: summary.seats.map((s) => ({ ...s, total: d.seats.find((x) => x.seat === s.seat)?.total ?? 0 })) } : d));
    } else if (event === 'battleRoundStarted') {
      const { round, server_time } = data as { round: BattleRound; server_time: number };
      clock.current = withClockSample(clock.current, server_time, Date.now());
      setDetail((d) => (d && d !== 'missing' && !d.rounds.some((r) => r.round === round.round) ? { ...d, rounds: [...d.rounds, round] } : d));
    }
    // battleRoundEnded is not needed: a round counts on this page when its reels land.
  }, resync);

  const battle = detail && detail !== 'missing' ? detail : null;
  // The saved current battle is cleared when it ends or is canceled (docs/product.md §4).
  useEffect(() => {
    if (battle && (battle.status === 'ended' || battle.status === 'canceled')) toBattle.clear(battle.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [battle?.status, battle?.id]);

  // A battle that starts while the player looks at it (after Join or "Fill with bots", down by the
  // seat buttons on a phone) brings its reels into view: the rounds are what everyone came for. Only
  // when the reels' top is off the screen, and never on a page opened on a running battle.
  const stageRef = useRef<HTMLDivElement>(null);
  const seenStatus = useRef<string | null>(null);
  useEffect(() => {
    const before = seenStatus.current;
    seenStatus.current = battle?.status ?? null;
    const stage = stageRef.current;
    if (before !== 'waiting' || battle?.status !== 'running' || !stage) return;
    const top = stage.getBoundingClientRect().top;
    const header = document.querySelector('header.header')?.getBoundingClientRect().bottom ?? 0;
    if (top >= header && top < window.innerHeight / 2) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    stage.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  }, [battle?.status]);

  // A round counts on the page the moment the reels show it landed (their totals change then), not
  // when the play ends after the glow and a tie's coin: the seat cards change with the reels' totals.
  const onLanded = useCallback(
    (round: number) => setLanded((l) => (l.id === id && l.rounds >= round ? l : { id, rounds: round, over: l.id === id && l.over })),
    [id],
  );
  useBetLinks();
  const scene = useScene<BattleSceneRound, BattleScene>(
    () =>
      new BattleScene({
        seed: id || 1,
        onLanded,
        labels: { team: teamName, round: (round, total) => t('roundOf', { round, total }), rounds: (count) => t('roundCount', { count }) },
      }),
    [id],
  );
  const sceneRef = useRef(scene);
  sceneRef.current = scene;

  // What the scene shows follows the battle: idle seats before start, the current round (with the
  // spin left of it, by the server's clock), the winners at the end.
  const played = battle?.rounds.length ?? 0;
  const landedRef = useRef(landed);
  landedRef.current = landed;
  const view = useMemo((): BattleSceneRound | null => (battle ? sceneView(battle, Date.now() + clock.current.offsetMs, landedRef.current.id === battle.id ? landedRef.current.rounds : 0) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [battle?.id, played, battle?.status, battle?.seats_filled]);
  const latest = useRef(battle);
  latest.current = battle;

  useEffect(() => {
    // Not before the canvas exists (its element mounts with the battle): a play without it would
    // settle at once and count the round unseen. A page that cannot draw (no WebGL) counts at once.
    if (!view || (!scene.scene && scene.available)) return;
    // While a round spins, live drops and balance notices wait, as they do for a bet's scene.
    useAnimation.getState().begin();
    void sceneRef.current
      .play(view)
      .then(() => {
        const shown = latest.current;
        if (!view.won || !shown) return;
        const over = Boolean(view.winners);
        // Plays can settle out of order (the last round's play, started before the battle ended,
        // settles after the ending's play): `landed` never goes back.
        setLanded((l) => (l.id === shown.id && l.rounds >= view.round && (l.over || !over) ? l : { id: shown.id, rounds: view.round, over }));
        // The end of the battle: the big-win moment when this player's share earns it.
        const win = over ? myBattleWin(shown, userIdRef.current) : null;
        // A big win shares the player's seat's bet page (its id comes on the private channel).
        if (win) sceneRef.current.celebrate(win, betLinkOf('battle', shown.id));
      })
      .finally(() => useAnimation.getState().end());
  }, [view, scene.play, scene.scene, scene.available]);

  // The rounds that count on the page (the seat cards' totals), and whether the winners show: once
  // the scene has shown them (a tie's coin has landed).
  const counted = battle ? countedRounds(battle, landed.id === battle.id ? landed.rounds : 0) : 0;
  const over = battle?.status === 'ended' && landed.id === battle.id && landed.over;
  // The live region says what the seat cards show, each round as it comes to count: when its reels
  // land, or when the next round starts first (events that came together, a slow device's reels).
  // So no round goes unsaid, whichever way its play ended. What counted when the page first saw the
  // battle (the rounds before the one in play) is not said; the last round and the end come as one
  // message when they land together. Adjusted while rendering (React's state from a change of props),
  // not in an effect, so the message commits with the seat cards it speaks of: from an effect, a
  // round that landed before the previous round's message rendered showed its totals on the cards
  // beside the previous round's words (a clean-clone run saw it).
  if (battle) {
    const from = said.id === battle.id ? said : { id: battle.id, round: counted, over: false, text: '' };
    const next = { id: battle.id, round: Math.max(from.round, counted), over: from.over || over };
    if (from !== said || next.round !== said.round || next.over !== said.over) {
      const lines = [];
      for (let round = from.round + 1; round <= counted; round++) lines.push(roundAnnouncement(battle, round));
      if (over && !from.over) lines.push(resultAnnouncement(battle, (user && battle.seats.find((s) => s.user?.id === user.id)?.seat) ?? null));
      setSaid({ ...next, text: lines.length > 0 ? lines.join(' ') : from.text });
    }
  }

  if (detail === 'missing' || !Number.isSafeInteger(id)) return <NotFoundPage />;
  if (!battle) return <section className="page battle-page" data-loading />;

  const layout = battleLayout(battle.mode);
  const mine = user ? battle.seats.find((s) => s.user?.id === user.id) : undefined;
  const isCreator = user?.id === battle.creator_id;
  const open = battle.seats_total - battle.seats_filled;
  const statusNote = battleStatusNote(battle, formatDateTime);
  const currentRound = battle.rounds.at(-1);
  const totals = totalsAfter(battle, counted);

  /** Recreate: the same battle again through the normal create call, then its page (as after create). */
  async function recreate() {
    await act(
      async () => {
        const { id: next, key: nextKey, msg } = await createBattle(battleSettings(battle!));
        toBattle.set(next, nextKey);
        navigate(battlePath(next, nextKey));
        return msg;
      },
      undefined,
      false,
    );
  }

  async function copyInvite() {
    try {
      await navigator.clipboard.writeText(new URL(battlePath(id, key), window.location.origin).href);
      toast.success(t('inviteCopied'));
    } catch {
      toast.error(t('inviteCopyFailed'));
    }
  }

  /** `refresh`: read the battle again after (not when the work left for another battle). */
  async function act(work: () => Promise<string>, after?: () => void, refresh = true) {
    if (!user) {
      openModal('login');
      return;
    }
    setBusy(true);
    try {
      toast.success(await work());
      after?.();
      if (refresh) await reload();
    } catch (error) {
      toast.error(battleErrorText(error, t('somethingWrong')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page battle-page" data-battle={battle.id} data-status={battle.status}>
      <header className="battle-head">
        <div className="battle-head__title">
          <h1>
            {t('battleTitle', { id: battle.id })} <span className="battle-tag">{battle.mode}</span>
            {battle.crazy && <span className="battle-tag battle-tag--crazy">{t('crazy')}</span>}
            {battle.private && <span className="battle-tag">{t('private')}</span>}
          </h1>
          <BattleBoxes boxes={battle.boxes} />
        </div>
        <div className="battle-head__side">
          <span className="battle-row__label">{t('seatCost')}</span>
          <Coins value={battle.cost} />
          {/* A running battle counts down to its rounds and through them: no promotion opens over it. */}
          <span className={`battle-head__round battle-head__round--${battle.status}`} data-testid="battle-round" {...livePlay(battle.status === 'running')}>
            {battle.status === 'waiting'
              ? t('waitingForPlayers', { filled: battle.seats_filled, total: battle.seats_total })
              : battle.status === 'canceled'
                ? t(battle.canceled_reason === 'expired' ? 'expired' : 'statusCanceled')
                : battle.status === 'ended'
                  ? t('endedRounds', { count: battle.rounds_total })
                  : currentRound
                    ? t('roundOf', { round: currentRound.round, total: battle.rounds_total })
                    : t('starting')}
          </span>
        </div>
      </header>

      <div className="battle-stage" ref={stageRef}>
        <div
          ref={scene.ref}
          className="battle-stage__canvas"
          data-seats={layout.seats}
          data-testid="battle-scene"
          role="img"
          aria-label={t('reels', { names: Array.from({ length: layout.seats }, (_, s) => seatName(battle, s)).join(', ') })}
        />
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="battle-announcer">
        {said.text}
      </p>

      {battle.status === 'waiting' && !mine && <PlayBlockBanner block={block} />}
      <ol className="battle-seats" style={{ '--seats': layout.seats, '--phone-seats': Math.max(2, layout.teamSize) } as CSSProperties}>
        {Array.from({ length: layout.seats }, (_, s) => {
          const seat = battle.seats.find((x) => x.seat === s);
          const team = seatTeam(battle.mode, s);
          const colour = hex(SEAT_COLOURS[(isTeamMode(battle.mode) ? team : s) % SEAT_COLOURS.length]!);
          const won = over && battle.winner?.seats.includes(s);
          return (
            <li key={s} className={`battle-seat${won ? ' is-winner' : ''}`} style={{ borderTopColor: colour }} data-seat={s}>
              {seat ? (
                <>
                  <span className="battle-seat__who">
                    {seat.bot ? <Bot size={16} aria-hidden /> : null}
                    {seat.user?.name ?? seat.bot?.name}
                    {won && <Trophy size={16} className="battle-seat__trophy" aria-label={t('winner')} />}
                  </span>
                  <Coins value={totals[s] ?? 0} className="battle-seat__total" />
                </>
              ) : battle.status === 'waiting' ? (
                <div className="battle-seat__open">
                  {!mine && (
                    <Button size="small" loading={busy} disabled={Boolean(block)} onClick={() => act(() => joinBattle(battle.id, layout.teamSize > 1 ? team : undefined, key), () => toBattle.set(battle.id, key))}>
                      {layout.teamSize > 1 ? t('joinTeam', { number: team + 1 }) : t('join')}
                    </Button>
                  )}
                  {isCreator && (
                    <Button size="small" variant="secondary" loading={busy} onClick={() => act(() => addBots(battle.id, 1, layout.teamSize > 1 ? team : undefined))}>
                      <Bot size={16} aria-hidden /> {t('addBot')}
                    </Button>
                  )}
                </div>
              ) : (
                <span className="battle-seat__who">{seatName(battle, s)}</span>
              )}
            </li>
          );
        })}
      </ol>

      {statusNote && (
        <p className="battle-invite" data-testid="battle-note">
          {statusNote}
        </p>
      )}

      {battle.status === 'waiting' && battle.private && (
        <p className="battle-invite" data-testid="battle-invite">
          {t('privateNote')}{' '}
          <Button size="small" variant="secondary" onClick={copyInvite}>
            <Link2 size={16} aria-hidden /> {t('copyInvite')}
          </Button>
        </p>
      )}

      {battle.status === 'waiting' && isCreator && (
        <div className="battle-actions">
          {open > 1 && (
            <Button variant="secondary" loading={busy} onClick={() => act(() => addBots(battle.id, open))}>
              <Bot size={16} aria-hidden /> {t('fillWithBots')}
            </Button>
          )}
          <Button variant="secondary" className="battle-actions__cancel" onClick={() => setConfirmCancel(true)}>
            {t('cancelBattle')}
          </Button>
        </div>
      )}

      {confirmCancel && (
        <Modal theme="battles" title={t('cancelTitle')} onClose={() => setConfirmCancel(false)}>
          <p>{t('cancelRefund')}</p>
          <Button
            block
            loading={busy}
            onClick={() =>
              act(
                () => cancelBattle(battle.id),
                () => {
                  setConfirmCancel(false);
                  toBattle.clear(battle.id);
                  navigate('/battles');
                },
              )
            }
          >
            {t('cancelBattle')}
          </Button>
        </Modal>
      )}

      {over && <BigWinShare shared={scene.shared} />}
      {over && (
        <BattleResult
          battle={battle}
          mySeat={mine?.seat ?? null}
          busy={busy}
          onRecreate={() => void recreate()}
          onCopy={() => navigate('/battles/create', { state: { copy: battleSettings(battle) } })}
        />
      )}

      <section className="battle-rounds" aria-label={t('rounds')}>
        {battle.rounds
          .filter((r) => r.round <= counted)
          .map((round) => (
            <div key={round.round} className="battle-round" data-round={round.round}>
              <span className="battle-round__no">
                <img src={round.box.img_url} alt="" width={32} height={32} /> {t('round', { round: round.round })}
              </span>
              <ul>
                {[...round.results]
                  .sort((a, b) => a.seat - b.seat)
                  .map((r) => (
                    <li key={r.seat} className={`battle-roll battle-roll--${r.item.rarity}`} data-seat={r.seat}>
                      <img src={r.item.img_url} alt="" width={40} height={40} />
                      <span className="battle-roll__name">{r.item.name}</span>
                      <Coins value={r.item.price} />
                      {battle.server_seed && (
                        <Link to={battleFairLink(battle, round.round)} className="battle-roll__fair" title={t('ticketVerify', { ticket: r.ticket })}>
                          <ShieldCheck size={14} aria-hidden /> {r.ticket}
                        </Link>
                      )}
                    </li>
                  ))}
              </ul>
            </div>
          ))}
      </section>

      <footer className="battle-fair">
        <ShieldCheck size={16} aria-hidden /> {t('serverSeedHash')} <code>{battle.server_seed_hash}</code>
        {battle.public_seed && (
          <>
            {' '}
            · {t('publicSeed')} <code>{battle.public_seed}</code>
          </>
        )}
        {battle.server_seed && (
          <>
            {' '}
            · {t('serverSeed')} <code data-testid="battle-server-seed">{battle.server_seed}</code>
          </>
        )}
      </footer>
    </section>
  );
}
