import { useState } from 'react';
import { Link } from 'react-router';
import { coinsToCents, formatCents } from '../../../core/money/cents.ts';
import type { CrashLeaderboardRow, CrashRecentGame } from '../../../core/protocol/crash.ts';
import { CRASH_LEADERBOARD_METRICS, CRASH_LEADERBOARD_PERIODS, type CrashLeaderboardMetric, type CrashLeaderboardPeriod } from '../../../core/protocol/crashLeaderboard.ts';
import type { CrashBet, CrashHistoryPoint } from '../../../core/protocol/realtime.ts';
import { formatMultiplier, multiplierTier } from '../../../scenes/crash/crashChart.ts';
import { formatDateTime } from '../../format/format.ts';
import { useApiList } from '../../features/rounds/useApiList.ts';

// The tables around the crash chart: the strip of recent crash points, the round's bets (live),
// the player's own bets of this visit, the recent rounds and the leaderboard. Every round links
// to /crash/provably-fair with its hash filled in.

export const fairHref = (hash: string) => `/crash/provably-fair?hash=${hash}`;

const tierClass = (multiplier: number) => `crash-tier crash-tier--${multiplierTier(multiplier)}`;

/** Payout − stake in coins, exact in cents. */
function profitText(bet: { amount: number; payout: number | null }): string {
  const profit = (coinsToCents(bet.payout ?? 0) ?? 0) - (coinsToCents(bet.amount) ?? 0);
  return `${profit > 0 ? '+' : ''}${formatCents(profit)}`;
}

export function HistoryStrip({ history }: { history: CrashHistoryPoint[] }) {
  return (
    <nav className="crash-strip" aria-label="Recent crash points" data-testid="crash-history">
      {history.map((h) => (
        <Link key={h.round_id} className={`crash-strip__chip ${tierClass(h.crash_point)}`} to={fairHref(h.hash)} title={`Round ${h.round_id}: verify`}>
          {formatMultiplier(h.crash_point)}
        </Link>
      ))}
    </nav>
  );
}

export function RoundBets({ bets, userId, ended }: { bets: CrashBet[]; userId: number | null; ended: boolean }) {
  const sorted = [...bets].sort((a, b) => (b.cashed_out_at ?? 0) - (a.cashed_out_at ?? 0) || b.amount - a.amount);
  const total = bets.reduce((sum, b) => sum + (coinsToCents(b.amount) ?? 0), 0);
  return (
    <div data-testid="crash-round-bets">
      <p className="crash-bets__summary">
        {bets.length} {bets.length === 1 ? 'player' : 'players'} · {formatCents(total)} wagered
      </p>
      <table className="game-history crash-bets">
        <thead>
          <tr>
            <th>Player</th>
            <th>Bet</th>
            <th>Cashed out at</th>
            <th>Profit</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((b) => (
            <tr key={b.id} className={`crash-bets__row crash-bets__row--${b.status}${b.user.id === userId ? ' is-mine' : ''}`} data-player={b.user.name}>
              <td>{b.user.name}</td>
              <td>{b.amount.toFixed(2)}</td>
              <td>{b.cashed_out_at !== null ? formatMultiplier(b.cashed_out_at) : b.status === 'lost' || (ended && b.status === 'open') ? 'Busted' : '—'}</td>
              <td className={b.status === 'cashed_out' ? 'game-history__win' : b.status === 'lost' ? 'crash-bets__loss' : ''}>{b.status === 'open' ? '—' : profitText(b)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface MyCrashBet extends CrashBet {
  crash_point: number | null;
  hash: string | null;
}

export function MyBets({ bets }: { bets: MyCrashBet[] }) {
  if (!bets.length) return <p className="crash-empty">Your bets of this visit show here.</p>;
  return (
    <table className="game-history" data-testid="crash-my-bets">
      <thead>
        <tr>
          <th>Round</th>
          <th>Bet</th>
          <th>Cashed out at</th>
          <th>Crash</th>
          <th>Profit</th>
          <th>Fairness</th>
        </tr>
      </thead>
      <tbody>
        {bets.map((b) => (
          <tr key={b.id}>
            <td>#{b.round_id}</td>
            <td>{b.amount.toFixed(2)}</td>
            <td>{b.cashed_out_at !== null ? formatMultiplier(b.cashed_out_at) : b.status === 'lost' ? 'Busted' : '—'}</td>
            <td className={b.crash_point !== null ? tierClass(b.crash_point) : ''}>{b.crash_point !== null ? formatMultiplier(b.crash_point) : '…'}</td>
            <td className={b.status === 'cashed_out' ? 'game-history__win' : ''}>{b.status === 'open' ? '—' : profitText(b)}</td>
            <td>{b.hash ? <Link className="game-history__verify" to={fairHref(b.hash)}>Verify</Link> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RecentRounds({ refreshKey }: { refreshKey: number }) {
  const rows = useApiList<CrashRecentGame>('/api/crash/recent-games', { limit: 20 }, refreshKey) ?? [];
  if (!rows.length) return <p className="crash-empty">No round has ended yet.</p>;
  return (
    <table className="game-history" data-testid="crash-recent-games">
      <thead>
        <tr>
          <th>Round</th>
          <th className="game-history__time">Time</th>
          <th>Crash</th>
          <th>Players</th>
          <th>Wagered</th>
          <th>Paid</th>
          <th>Fairness</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>#{r.id}</td>
            <td className="game-history__time">{formatDateTime(r.ended_at)}</td>
            <td className={tierClass(r.crash_point)}>{formatMultiplier(r.crash_point)}</td>
            <td>{r.players}</td>
            <td>{r.wagered.toFixed(2)}</td>
            <td>{r.paid.toFixed(2)}</td>
            <td>
              <Link className="game-history__verify" to={fairHref(r.hash)}>
                Verify
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const PERIOD_LABELS: Record<CrashLeaderboardPeriod, string> = { day: 'Today', week: 'This week', all: 'All time' };
const METRIC_LABELS: Record<CrashLeaderboardMetric, string> = { win_amount: 'Biggest wins', multiplier: 'Highest multipliers' };

export function Leaderboard() {
  const [period, setPeriod] = useState<CrashLeaderboardPeriod>('day');
  const [metric, setMetric] = useState<CrashLeaderboardMetric>('win_amount');
  // Only truthy filters go into the query (docs/product.md §7).
  const params = Object.fromEntries(Object.entries({ period, metric }).filter(([, v]) => Boolean(v)));
  const rows = useApiList<CrashLeaderboardRow>('/api/crash/leaderboard', params, null);
  return (
    <div data-testid="crash-leaderboard">
      <div className="crash-leaderboard__filters">
        <div className="game-page__tabs" role="group" aria-label="Period">
          {CRASH_LEADERBOARD_PERIODS.map((p) => (
            <button key={p} type="button" aria-pressed={period === p} onClick={() => setPeriod(p)}>
              {PERIOD_LABELS[p]}
            </button>
          ))}
        </div>
        <div className="game-page__tabs" role="group" aria-label="Ranking">
          {CRASH_LEADERBOARD_METRICS.map((m) => (
            <button key={m} type="button" aria-pressed={metric === m} onClick={() => setMetric(m)}>
              {METRIC_LABELS[m]}
            </button>
          ))}
        </div>
      </div>
      {rows === null ? (
        <p className="crash-empty">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="crash-empty">No cash-outs in this period yet.</p>
      ) : (
        <table className="game-history">
          <thead>
            <tr>
              <th>#</th>
              <th>Player</th>
              <th>Bet</th>
              <th>Multiplier</th>
              <th>Win</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.bet_id}>
                <td>{r.rank}</td>
                <td>{r.user.name}</td>
                <td>{r.amount.toFixed(2)}</td>
                <td className={tierClass(r.multiplier)}>{formatMultiplier(r.multiplier)}</td>
                <td className="game-history__win">+{r.win_amount.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
