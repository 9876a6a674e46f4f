import { useEffect, useState } from 'react';
import { Crown, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import { leaderboard, plinkoLeaderboard } from '../../../core/protocol/routes/games.ts';
import { ChipGroup, type Chip } from '../../components/ChipGroup.tsx';
import { Coins } from '../../components/Coin.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { LevelBadge } from '../../app/layout/LevelBadge.tsx';
import { UserAvatar } from '../../app/layout/UserAvatar.tsx';
import { Countdown } from '../../features/rewards/Countdown.tsx';
import { MyPlaceRow } from '../../features/rewards/MyPlaceRow.tsx';
import { formatDate } from '../../format/format.ts';
import { useSession } from '../../stores/session.ts';
import type { Leaderboard, LeaderboardRow } from '../../../core/protocol/rewards.ts';
import type { GameBetRow } from '../../../core/protocol/games.ts';
import '../../features/games/gamePage.css';
import '../../features/rewards/rewards.css';
import { StandingPlayer } from '../../features/rewards/StandingPlayer.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);
type Key = keyof typeof messages;

// /leaderboard: the weekly race (docs/rewards.md) by biggest wins or best multiplier, with the
// podium, the table (my row highlighted), the countdown to Thursday 18:00 UTC, last week's
// winners, and plinko's own leaderboard as a tab.

type Tab = 'win_amount' | 'multiplier' | 'plinko';
// The chips' labels are keys of the catalog, read when rendering.
const TABS: { value: Tab; label: Key }[] = [
  { value: 'win_amount', label: 'biggestWins' },
  { value: 'multiplier', label: 'bestMultiplier' },
  { value: 'plinko', label: 'plinko' },
];
const PLINKO_METRICS: { value: 'win_amount' | 'multiplier'; label: Key }[] = [
  { value: 'win_amount', label: 'biggestWins' },
  { value: 'multiplier', label: 'highestMultipliers' },
];
const chips = <V extends string>(list: readonly { value: V; label: Key }[]): Chip<V>[] => list.map((c) => ({ value: c.value, label: t(c.label) }));

function Value({ metric, value }: { metric: Leaderboard['metric']; value: number }) {
  return metric === 'multiplier' ? <span className="amount tabular">{value.toFixed(2)}×</span> : <Coins value={value} />;
}

function useBoard(metric: Tab, period: 'current' | 'previous', userId: number | null) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  useEffect(() => {
    if (metric === 'plinko') return;
    let live = true;
    setBoard(null);
    call(leaderboard, { query: { metric, period, limit: period === 'current' ? 50 : 10 } })
      .then((res) => live && setBoard(res.data))
      .catch((error: unknown) => console.warn('leaderboard failed', error));
    return () => {
      live = false;
    };
  }, [metric, period, userId]);
  return board;
}

function Podium({ board }: { board: Leaderboard }) {
  const top = board.rows.slice(0, 3);
  // Second, first, third from left to right: the winner in the middle, raised.
  const order = [top[1], top[0], top[2]];
  return (
    <div className="podium" data-testid="podium">
      {order.map((row, i) =>
        row ? (
          <div key={row.rank} className={`podium__place podium__place--${row.rank}${board.me?.rank === row.rank ? ' is-me' : ''}`}>
            {row.rank === 1 && <Crown className="podium__crown" size={28} aria-hidden />}
            <UserAvatar user={{ name: row.name, avatar_url: row.avatar }} size={row.rank === 1 ? 72 : 56} />
            <strong className="podium__name">{row.name}</strong>
            <LevelBadge level={row.level} size={24} />
            <Value metric={board.metric} value={row.value} />
            <span className="podium__step">
              <span className="podium__rank">{row.rank}</span>
              {row.prize > 0 && <Coins value={row.prize} className="podium__prize" />}
            </span>
          </div>
        ) : (
          <div key={`empty-${i}`} className="podium__place podium__place--empty" />
        ),
      )}
    </div>
  );
}

function RaceTable({ board }: { board: Leaderboard }) {
  const mineShown = board.me !== null && board.rows.some((r) => r.rank === board.me!.rank);
  return (
    // The wrapper scrolls inside itself should a row still be wider than a 320 px phone.
    <div className="race-table-wrap">
    <table className="race-table" data-testid="race-table">
      <thead>
        <tr>
          <th>#</th>
          <th>{t('player')}</th>
          <th>{board.metric === 'multiplier' ? t('multiplier') : t('won')}</th>
          <th>{t('prize')}</th>
        </tr>
      </thead>
      <tbody>
        {board.rows.map((row: LeaderboardRow) => (
          <tr key={row.rank} className={board.me?.rank === row.rank ? 'is-me' : undefined} data-testid={board.me?.rank === row.rank ? 'my-row' : undefined}>
            <td className="tabular">{row.rank}</td>
            <td>
              <StandingPlayer name={row.name} level={row.level} avatar={<UserAvatar user={{ name: row.name, avatar_url: row.avatar }} size={28} />} />
            </td>
            <td>
              <Value metric={board.metric} value={row.value} />
            </td>
            <td>{row.prize > 0 ? <Coins value={row.prize} /> : '—'}</td>
          </tr>
        ))}
        {board.me && !mineShown && (
          <MyPlaceRow rank={board.me.rank} testId="my-row">
            <Value metric={board.metric} value={board.me.value} />
          </MyPlaceRow>
        )}
      </tbody>
    </table>
    </div>
  );
}

function LastWeek({ board }: { board: Leaderboard | null }) {
  const winners = board?.rows.filter((r) => r.prize > 0) ?? [];
  return (
    <section className="panel rewards-panel" aria-label={t('lastWeekWinners')} data-testid="last-week">
      <h2>
        <Trophy size={18} aria-hidden /> {t('lastWeekWinners')}
      </h2>
      {/* The week's dates keep their line while the board loads, so the list below does not move. */}
      <p className="rewards-note" data-testid="week-dates">{board ? `${formatDate(board.starts_at)} – ${formatDate(board.ends_at)}` : '\u00a0'}</p>
      {!board ? (
        <Spinner />
      ) : winners.length === 0 ? (
        <p className="rewards-note">{t('noWinnersLastWeek')}</p>
      ) : (
        <ol className="last-week">
          {winners.map((w) => (
            <li key={w.rank}>
              <span className="tabular">{w.rank}.</span> {w.name} <Value metric={board!.metric} value={w.value} /> <Coins value={w.prize} className="last-week__prize" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function PlinkoBoard() {
  const [rows, setRows] = useState<GameBetRow[] | null>(null);
  const [metric, setMetric] = useState<'win_amount' | 'multiplier'>('win_amount');
  useEffect(() => {
    let live = true;
    call(plinkoLeaderboard, { query: { metric, period: 'week' } })
      .then((res) => live && setRows(res.data.rows))
      .catch((error: unknown) => console.warn('plinko leaderboard failed', error));
    return () => {
      live = false;
    };
  }, [metric]);
  return (
    <section className="panel rewards-panel" data-testid="plinko-board">
      <ChipGroup label={t('plinkoRanking')} chips={chips(PLINKO_METRICS)} value={metric} onChange={setMetric} />
      {!rows ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className="rewards-note">{t('noPlinkoWins')}</p>
      ) : (
        <table className="race-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('player')}</th>
              <th>{t('bet')}</th>
              <th>{t('multiplier')}</th>
              <th>{t('payout')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.id}>
                <td className="tabular">{i + 1}</td>
                <td>{r.user.name}</td>
                <td>
                  <Coins value={r.amount} />
                </td>
                <td className="tabular">{r.multiplier}×</td>
                <td>
                  <Coins value={r.payout} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function LeaderboardPage() {
  const userId = useSession((s) => s.user?.id ?? null);
  const [tab, setTab] = useState<Tab>('win_amount');
  const board = useBoard(tab, 'current', userId);
  const previous = useBoard(tab === 'plinko' ? 'win_amount' : tab, 'previous', userId);
  return (
    <div className="rewards-page" data-testid="leaderboard-page">
      <header className="rewards-hero">
        <div>
          <h1>{t('title')}</h1>
          <p className="rewards-note">
            {t('resets')}
            {board?.metric === 'multiplier' && ` ${t('multipliersFrom', { stake: board.min_stake.toFixed(2) })}`}{' '}
            {richText(t, 'racesPayToo', { races: <Link to="/races">{t('races')}</Link> })}
          </p>
        </div>
        {/* Its place is kept (hidden) until the board arrives, so nothing below it shifts on phones. */}
        <div className={board ? undefined : 'countdown-pending'} aria-hidden={!board}>
          <Countdown target={board?.ends_at ?? new Date(0)} label={t('timeLeft')} />
        </div>
      </header>
      <ChipGroup label={t('ranking')} className="rewards-tabs" chips={chips(TABS)} value={tab} onChange={setTab} />
      {tab === 'plinko' ? (
        <PlinkoBoard />
      ) : (
        <div className="rewards-grid">
          <section className="panel rewards-panel" aria-label={t('thisWeek')}>
            {!board ? (
              <Spinner />
            ) : board.rows.length === 0 ? (
              <p className="rewards-note">{t('nobodyWon')}</p>
            ) : (
              <>
                <Podium board={board} />
                <RaceTable board={board} />
              </>
            )}
          </section>
          {/* Last week's panel comes once this week's board is in: on a phone it sits below, and the
              board arriving (podium, up to 50 rows) would push it down the screen (layout shift). */}
          {board && <LastWeek board={previous} />}
        </div>
      )}
    </div>
  );
}
