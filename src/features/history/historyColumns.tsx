import { Link } from 'react-router';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import { Coins } from '../../components/Coin.tsx';
import { HISTORY_GAME_LABELS, type BetHistoryRow, type LedgerRow } from '../../../core/protocol/history.ts';
import type { HistoryColumn } from './HistoryTable.tsx';
import { VerifyBetButton } from './VerifyBetModal.tsx';

// The columns of the two history lists: what each row says (docs/account-safety.md, "History").

const signed = (value: number) => (value > 0 ? 'history__in' : undefined);

export const BET_COLUMNS: readonly HistoryColumn<BetHistoryRow>[] = [
  { label: 'Game', className: 'history__first', cell: (r) => <Link to={`/bets/${r.public_id}`} title="The bet's public page">{HISTORY_GAME_LABELS[r.game]}</Link> },
  { label: 'Time', cell: (r) => formatDateTime(r.placed_at), className: 'history__time' },
  { label: 'Stake', cell: (r) => <Coins value={r.stake} /> },
  { label: 'Payout', cell: (r) => (r.payout === null ? '—' : <Coins value={r.payout} className={r.payout > r.stake ? 'history__in' : undefined} />), className: 'history__lead' },
  { label: 'Multiplier', cell: (r) => (r.multiplier === null ? '—' : `${r.multiplier.toFixed(2)}×`) },
  { label: 'Result', cell: (r) => r.result, className: 'history__result' },
  {
    label: 'Fairness',
    cell: (r) => (
      <span className="history__fair">
        <span>{r.fairness}</span>
        {r.verify_path ? <VerifyBetButton row={r} /> : null}
      </span>
    ),
  },
];

export const LEDGER_COLUMNS: readonly HistoryColumn<LedgerRow>[] = [
  { label: 'Time', cell: (r) => formatDateTime(r.created_at), className: 'history__time' },
  { label: 'Movement', cell: (r) => r.label, className: 'history__first' },
  {
    label: 'Amount',
    cell: (r) => <span className={`amount ${signed(r.amount) ?? ''}`}>{`${r.amount > 0 ? '+' : r.amount < 0 ? '−' : ''}${formatCoins(Math.abs(r.amount))}`}</span>,
    className: 'history__lead',
  },
  { label: 'Balance after', cell: (r) => <Coins value={r.balance_after} /> },
  { label: 'Reference', cell: (r) => r.reference ?? '—', className: 'history__reference' },
];
