import { useEffect, useState } from 'react';
import { api } from '../../api/http.ts';
import type { GameBetRow } from '../../../core/protocol/games.ts';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import { useSession } from '../../stores/session.ts';
import './gamePage.css';

// The history tabs under a game: my bets, everyone's recent bets, high wins
// (GET /api/{game}/history?scope=…). `refreshKey` reloads after the player's own bets settle.

const SCOPES = [
  { scope: 'mine', label: 'My bets' },
  { scope: 'recent', label: 'All bets' },
  { scope: 'high_wins', label: 'High wins' },
] as const;

export function GameHistory({ game, refreshKey }: { game: 'dice' | 'plinko' | 'upgrade'; refreshKey: number }) {
  const signedIn = useSession((s) => s.user !== null);
  const [scope, setScope] = useState<(typeof SCOPES)[number]['scope']>('recent');
  const [rows, setRows] = useState<GameBetRow[]>([]);
  const effective = scope === 'mine' && !signedIn ? 'recent' : scope;

  useEffect(() => {
    let alive = true;
    api
      .get<{ data: GameBetRow[] }>(`/api/${game}/history`, { params: { scope: effective, limit: 10 } })
      .then((res) => alive && setRows(res.data.data))
      .catch((error) => console.warn('history failed', error));
    return () => {
      alive = false;
    };
  }, [game, effective, refreshKey]);

  return (
    <section className="panel game-page__stage" aria-label="Bet history">
      <div className="game-page__tabs">
        {SCOPES.filter((s) => s.scope !== 'mine' || signedIn).map((s) => (
          <button key={s.scope} type="button" aria-pressed={effective === s.scope} onClick={() => setScope(s.scope)}>
            {s.label}
          </button>
        ))}
      </div>
      <table className="game-history">
        <thead>
          <tr>
            <th>Player</th>
            <th>Time</th>
            <th>Bet</th>
            <th>Multiplier</th>
            <th>Payout</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.user.name}</td>
              <td>{formatDateTime(r.created_at)}</td>
              <td>{formatCoins(r.amount)}</td>
              <td>{r.multiplier.toFixed(2)}×</td>
              <td className={r.payout > r.amount ? 'game-history__win' : undefined}>{formatCoins(r.payout)}</td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={5}>No bets yet.</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

/** The seed state of a settled bet, linking to the game's fairness page to verify it. */
export function FairLine({ fair, verifyPath }: { fair: { nonce: number; server_seed_hash: string; client_seed: string } | null; verifyPath: string }) {
  if (!fair) return null;
  return (
    <p className="game-page__fair" data-testid="fair-line">
      Nonce {fair.nonce} · client seed {fair.client_seed} · server seed hash {fair.server_seed_hash} · <a href={verifyPath}>Verify</a>
    </p>
  );
}
