import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import type { GameHistoryRoute } from '../../../core/protocol/routes/games.ts';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import type { GameBetRow, HistoryScope } from '../../../core/protocol/games.ts';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import { useSession } from '../../stores/session.ts';
import { FAIRNESS_PAGE, verifyHref } from './betVerification.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import './gamePage.css';

const t = translator(messages);

// The history tabs under a game: my bets, everyone's recent bets, high wins
// (GET /api/{game}/history?scope=…). `refreshKey` reloads after the player's own bets settle.
// Every bet links to its game's fairness calculator once its seed pair is revealed.

const SCOPES: readonly { value: HistoryScope; label: keyof typeof messages }[] = [
  { value: 'mine', label: 'myBets' },
  { value: 'recent', label: 'allBets' },
  { value: 'high_wins', label: 'highWins' },
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
    <section className="panel game-page__stage" aria-label={t('betHistory')}>
      <ChipGroup chips={SCOPES.filter((s) => s.value !== 'mine' || signedIn).map((s) => ({ value: s.value, label: t(s.label) }))} value={effective} onChange={setScope} />
      <table className="game-history">
        <thead>
          <tr>
            <th>{t('columnPlayer')}</th>
            <th className="game-history__time">{t('columnTime')}</th>
            <th>{t('columnBet')}</th>
            <th>{t('columnMultiplier')}</th>
            <th>{t('columnPayout')}</th>
            <th>{t('columnFairness')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <BetRow key={r.id} row={r} own={r.user.id === userId} />
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={COLUMNS}>{t('noBets')}</td>
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
              {t('verify')}
            </Link>
          ) : (
            <button type="button" className="game-history__seeds-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
              {t('seeds')}
            </button>
          )}
        </td>
      </tr>
      {open && fair.server_seed === null && (
        <tr className="game-history__seeds" data-testid="bet-seeds">
          <td colSpan={COLUMNS}>
            <dl>
              <dt>{t('serverSeedHashed')}</dt>
              <dd>{fair.server_seed_hash}</dd>
              <dt>{t('clientSeed')}</dt>
              <dd>{fair.client_seed}</dd>
              <dt>{t('nonce')}</dt>
              <dd>{fair.nonce}</dd>
            </dl>
            {own ? <OwnPairActive to={FAIRNESS_PAGE[row.game]} /> : <p>{t('otherPairActive')}</p>}
          </td>
        </tr>
      )}
    </>
  );
}

// Marks where the link goes in its sentence (a character no translation contains).
const LINK_AT = '\u0000';

/** The player's own bet on a pair still in use: how to reveal its server seed, with the link to rotate. */
function OwnPairActive({ to }: { to: string }) {
  const [before = '', after = ''] = t('ownPairActive', { rotateLink: LINK_AT }).split(LINK_AT);
  return (
    <p>
      {before}
      <Link to={to}>{t('rotateYourSeeds')}</Link>
      {after}
    </p>
  );
}

/** The seed state of a settled bet, linking to the game's fairness page to verify it. */
export function FairLine({ fair, verifyPath }: { fair: { nonce: number; server_seed_hash: string; client_seed: string } | null; verifyPath: string }) {
  // Before the first bet an empty line keeps its place: nothing under the stage (a phone's bet
  // button, a wide screen's history) moves when the first result arrives (gamePage.css, one line).
  if (!fair) return <p className="game-page__fair game-page__fair-line" aria-hidden="true" />;
  return (
    <p className="game-page__fair game-page__fair-line" data-testid="fair-line">
      <span>{t('fairNonce', { nonce: String(fair.nonce) })} · </span>
      <span className="game-page__fair-seed">{t('fairClientSeed', { seed: fair.client_seed })} · </span>
      <span className="game-page__fair-hash">{t('fairServerSeedHash', { hash: fair.server_seed_hash })}</span>
      <span> · </span>
      <a href={verifyPath} className="game-page__verify">
        {t('verify')}
      </a>
    </p>
  );
}
