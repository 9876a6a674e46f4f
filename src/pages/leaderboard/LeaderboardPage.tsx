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

// /leaderboard: the weekly race (docs/rewards.md) by biggest wins or best multiplier, with the
// podium, the table (my row highlighted), the countdown to Thursday 18:00 UTC, last week's
// winners, and plinko's own leaderboard as a tab.

type Tab = 'win_amount' | 'multiplier' | 'plinko';
const TABS: Chip<Tab>[] = [
  { value: 'win_amount', label: 'Biggest wins' },
  { value: 'multiplier', label: 'Best multiplier' },
  { value: 'plinko', label: 'Plinko' },
];
const PLINKO_METRICS: Chip<'win_amount' | 'multiplier'>[] = [
  { value: 'win_amount', label: 'Biggest wins' },
  { value: 'multiplier', label: 'Highest multipliers' },
];

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
          <th>Player</th>
          <th>{board.metric === 'multiplier' ? 'Multiplier' : 'Won'}</th>
          <th>Prize</th>
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
    <section className="panel rewards-panel" aria-label="Last week's winners" data-testid="last-week">
      <h2>
        <Trophy size={18} aria-hidden /> Last week's winners
      </h2>
      {/* The week's dates keep their line while the board loads, so the list below does not move. */}
      <p className="rewards-note" data-testid="week-dates">{board ? `${formatDate(board.starts_at)} – ${formatDate(board.ends_at)}` : '\u00a0'}</p>
      {!board ? (
        <Spinner />
      ) : winners.length === 0 ? (
        <p className="rewards-note">No winners last week.</p>
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
      <ChipGroup label="Plinko ranking" chips={PLINKO_METRICS} value={metric} onChange={setMetric} />
      {!rows ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className="rewards-note">No plinko wins this week yet.</p>
      ) : (
        <table className="race-table">
          <thead>
            <tr>
              <th>#</th>
              <th>Player</th>
              <th>Bet</th>
              <th>Multiplier</th>
              <th>Payout</th>
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
          <h1>Weekly leaderboard</h1>
          <p className="rewards-note">
            The race resets every Thursday at 18:00 UTC. The top places win coin prizes, credited when the week closes.
            {board?.metric === 'multiplier' && ` Multipliers count from a bet of ${board.min_stake.toFixed(2)} coins.`} The daily and weekly{' '}
            <Link to="/races">races</Link> pay too.
          </p>
        </div>
        {/* Its place is kept (hidden) until the board arrives, so nothing below it shifts on phones. */}
        <div className={board ? undefined : 'countdown-pending'} aria-hidden={!board}>
          <Countdown target={board?.ends_at ?? new Date(0)} label="Time left this week" />
        </div>
      </header>
      <ChipGroup label="Ranking" className="rewards-tabs" chips={TABS} value={tab} onChange={setTab} />
      {tab === 'plinko' ? (
        <PlinkoBoard />
      ) : (
        <div className="rewards-grid">
          <section className="panel rewards-panel" aria-label="This week">
            {!board ? (
              <Spinner />
            ) : board.rows.length === 0 ? (
              <p className="rewards-note">Nobody has won this week yet. Play any game to enter the race.</p>
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
