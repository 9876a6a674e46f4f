import { useState } from 'react';
import { Link } from 'react-router';
import { WHEEL_COLOR_LABELS } from '../../../core/games/wheel.ts';
import type { WheelBet, WheelRecentGame, WheelSettledBet } from '../../../core/protocol/wheel.ts';
import { formatDateTime } from '../../format/format.ts';
import { useApiList } from '../../features/rounds/useApiList.ts';
import { colorStyle, wheelFairHref } from '../../features/wheel/wheelColors.ts';

// The tables under the wheel: this round's bets (live), the recent settled bets, the top payouts
// and the recent results, each result with its link to /wheel/provably-fair.

const TABS = [
  { key: 'round', label: 'This round' },
  { key: 'recent', label: 'Recent bets' },
  { key: 'top', label: 'Top payouts' },
  { key: 'results', label: 'Results' },
] as const;

export default function WheelTables({ bets, userId, refreshKey }: { bets: WheelBet[]; userId: number | null; refreshKey: number }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('round');
  return (
    <section className="panel game-page__stage" aria-label="Wheel tables">
      <div className="game-page__tabs">
        {TABS.map((t) => (
          <button key={t.key} type="button" aria-pressed={tab === t.key} onClick={() => setTab(t.key)}>
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'round' && <RoundBets bets={bets} userId={userId} />}
      {tab === 'recent' && <SettledBets kind="recent-bets" refreshKey={refreshKey} />}
      {tab === 'top' && <SettledBets kind="top-payouts" refreshKey={refreshKey} />}
      {tab === 'results' && <RecentResults refreshKey={refreshKey} />}
    </section>
  );
}

function ColorCell({ color }: { color: WheelBet['color'] }) {
  return (
    <td>
      <span className="wheel-dot" style={colorStyle(color)} aria-hidden /> {WHEEL_COLOR_LABELS[color]}
    </td>
  );
}

function RoundBets({ bets, userId }: { bets: WheelBet[]; userId: number | null }) {
  const live = bets.filter((b) => b.status !== 'canceled');
  if (!live.length) return <p className="wheel-empty">No bets in this round yet.</p>;
  return (
    <table className="game-history" data-testid="wheel-round-bets">
      <thead>
        <tr>
          <th>Player</th>
          <th>Colour</th>
          <th>Bet</th>
          <th>Payout</th>
        </tr>
      </thead>
      <tbody>
        {[...live].reverse().map((b) => (
          <tr key={b.id} className={`wheel-bets__row wheel-bets__row--${b.status}${b.user.id === userId ? ' is-mine' : ''}`} data-player={b.user.name}>
            <td>{b.user.name}</td>
            <ColorCell color={b.color} />
            <td>{b.amount.toFixed(2)}</td>
            <td className={b.status === 'won' ? 'game-history__win' : ''}>{b.status === 'open' ? '—' : (b.payout ?? 0).toFixed(2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SettledBets({ kind, refreshKey }: { kind: 'recent-bets' | 'top-payouts'; refreshKey: number }) {
  const rows = useApiList<WheelSettledBet>(`/api/wheel/${kind}`, { limit: 20 }, refreshKey);
  if (rows === null) return <p className="wheel-empty">Loading…</p>;
  if (!rows.length) return <p className="wheel-empty">{kind === 'recent-bets' ? 'No bet has been settled yet.' : 'No payouts yet.'}</p>;
  return (
    <table className="game-history" data-testid={`wheel-${kind}`}>
      <thead>
        <tr>
          <th>Round</th>
          <th>Player</th>
          <th>Colour</th>
          <th>Bet</th>
          <th>Payout</th>
          <th className="game-history__time">Time</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((b) => (
          <tr key={b.id}>
            <td>#{b.round_id}</td>
            <td>{b.user.name}</td>
            <ColorCell color={b.color} />
            <td>{b.amount.toFixed(2)}</td>
            <td className={b.payout > 0 ? 'game-history__win' : ''}>{b.payout.toFixed(2)}</td>
            <td className="game-history__time">{formatDateTime(b.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RecentResults({ refreshKey }: { refreshKey: number }) {
  const rows = useApiList<WheelRecentGame>('/api/wheel/recent-games', { limit: 20 }, refreshKey);
  if (rows === null) return <p className="wheel-empty">Loading…</p>;
  if (!rows.length) return <p className="wheel-empty">No round has ended yet.</p>;
  return (
    <table className="game-history" data-testid="wheel-recent-games">
      <thead>
        <tr>
          <th>Round</th>
          <th className="game-history__time">Time</th>
          <th>Segment</th>
          <th>Colour</th>
          <th>Fairness</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>#{r.id}</td>
            <td className="game-history__time">{formatDateTime(r.ended_at)}</td>
            <td>{r.segment}</td>
            <ColorCell color={r.color} />
            <td>
              <Link className="game-history__verify" to={wheelFairHref(r.hash)}>
                Verify
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
