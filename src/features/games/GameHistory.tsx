import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import type { GameHistoryRoute } from '../../../core/protocol/routes/games.ts';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import type { GameBetRow, HistoryScope } from '../../../core/protocol/games.ts';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import { useSession } from '../../stores/session.ts';
import { FAIRNESS_PAGE, verifyHref } from './betVerification.ts';
import './gamePage.css';

// The history tabs under a game: my bets, everyone's recent bets, high wins
// (GET /api/{game}/history?scope=…). `refreshKey` reloads after the player's own bets settle.
// Every bet links to its game's fairness calculator once its seed pair is revealed.

const SCOPES: readonly { value: HistoryScope; label: string }[] = [
  { value: 'mine', label: 'My bets' },
  { value: 'recent', label: 'All bets' },
  { value: 'high_wins', label: 'High wins' },
];

/** `history`: the game's history address (core/protocol/routes/), handed by the game's page. */
export function GameHistory({ history, refreshKey }: { history: GameHistoryRoute; refreshKey: number }) {
  const userId = useSession((s) => s.user?.id ?? null);
  const signedIn = userId !== null;
  const [scope, setScope] = useState<HistoryScope>('recent');
  const [rows, setRows] = useState<GameBetRow[]>([]);
  const effective = scope === 'mine' && !signedIn ? 'recent' : scope;

  useEffect(() => {
    let alive = true;
    call(history, { query: { scope: effective, limit: 10 } })
      .then((res) => alive && setRows(res.data))
      .catch((error) => console.warn('history failed', error));
    return () => {
      alive = false;
    };
  }, [history, effective, refreshKey]);

  return (
    <section className="panel game-page__stage" aria-label="Bet history">
      <ChipGroup chips={SCOPES.filter((s) => s.value !== 'mine' || signedIn)} value={effective} onChange={setScope} />
      <table className="game-history">
        <thead>
          <tr>
            <th>Player</th>
            <th className="game-history__time">Time</th>
            <th>Bet</th>
            <th>Multiplier</th>
            <th>Payout</th>
            <th>Fairness</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <BetRow key={r.id} row={r} own={r.user.id === userId} />
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={COLUMNS}>No bets yet.</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

const COLUMNS = 6;

/**
 * One bet. A revealed pair links straight to the game's calculator with the bet's seeds; an
 * active pair has no server seed to show yet, so the row opens the seeds it was played with and
 * how to reveal them (rotating the pair).
 */
function BetRow({ row, own }: { row: GameBetRow; own: boolean }) {
  const [open, setOpen] = useState(false);
  const { fair } = row;
  return (
    <>
      <tr data-testid="bet-row">
        <td>{row.user.name}</td>
        <td className="game-history__time">{formatDateTime(row.created_at)}</td>
        <td>{formatCoins(row.amount)}</td>
        <td>{row.multiplier.toFixed(2)}×</td>
        <td className={row.payout > row.amount ? 'game-history__win' : undefined}>{formatCoins(row.payout)}</td>
        <td>
          {fair.server_seed !== null ? (
            <Link to={verifyHref(row.game, fair)} className="game-history__verify">
              Verify
            </Link>
          ) : (
            <button type="button" className="game-history__seeds-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
              Seeds
            </button>
          )}
        </td>
      </tr>
      {open && fair.server_seed === null && (
        <tr className="game-history__seeds" data-testid="bet-seeds">
          <td colSpan={COLUMNS}>
            <dl>
              <dt>Server seed (SHA-256)</dt>
              <dd>{fair.server_seed_hash}</dd>
              <dt>Client seed</dt>
              <dd>{fair.client_seed}</dd>
              <dt>Nonce</dt>
              <dd>{fair.nonce}</dd>
            </dl>
            {own ? (
              <p>
                This seed pair is still in use, so its server seed is secret. <Link to={FAIRNESS_PAGE[row.game]}>Rotate your seeds</Link> to reveal it, then verify this bet from
                here.
              </p>
            ) : (
              <p>This seed pair is still in use: its server seed is revealed when the player rotates their seeds.</p>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

/** The seed state of a settled bet, linking to the game's fairness page to verify it. */
export function FairLine({ fair, verifyPath }: { fair: { nonce: number; server_seed_hash: string; client_seed: string } | null; verifyPath: string }) {
  // Before the first bet an empty line keeps its place (phones: the bet button sits under the
  // stage and must not jump when the first result arrives; gamePage.css gives it one line there).
  if (!fair) return <p className="game-page__fair game-page__fair--empty" aria-hidden="true" />;
  return (
    <p className="game-page__fair" data-testid="fair-line">
      <span>Nonce {fair.nonce} · </span>
      <span className="game-page__fair-seed">client seed {fair.client_seed} · </span>
      <span className="game-page__fair-hash">server seed hash {fair.server_seed_hash}</span>
      <span> · </span>
      <a href={verifyPath} className="game-page__verify">
        Verify
      </a>
    </p>
  );
}
