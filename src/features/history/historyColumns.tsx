import { Link } from 'react-router';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import { Coins } from '../../components/Coin.tsx';
import { HISTORY_GAME_LABELS, type BetHistoryRow, type LedgerRow } from '../../../core/protocol/history.ts';
import type { HistoryColumn } from './HistoryTable.tsx';
import { VerifyBetButton } from './VerifyBetModal.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The columns of the two history lists: what each row says (docs/account-safety.md, "History").

const signed = (value: number) => (value > 0 ? 'history__in' : undefined);

/** A column named by its key: the label is read (translated) when the table renders, never at the module's top. */
function column<T>(key: keyof typeof messages, rest: Omit<HistoryColumn<T>, 'label'>): HistoryColumn<T> {
  return {
    get label() {
      return t(key);
    },
    ...rest,
  };
}

export const BET_COLUMNS: readonly HistoryColumn<BetHistoryRow>[] = [
  column('game', { className: 'history__first', cell: (r) => <Link to={`/bets/${r.public_id}`} title={t('betPublicPage')}>{HISTORY_GAME_LABELS[r.game]}</Link> }),
  column('time', { cell: (r) => formatDateTime(r.placed_at), className: 'history__time' }),
  column('stake', { cell: (r) => <Coins value={r.stake} /> }),
  column('payout', { cell: (r) => (r.payout === null ? '—' : <Coins value={r.payout} className={r.payout > r.stake ? 'history__in' : undefined} />), className: 'history__lead' }),
  column('multiplier', { cell: (r) => (r.multiplier === null ? '—' : `${r.multiplier.toFixed(2)}×`) }),
  column('result', { cell: (r) => r.result, className: 'history__result' }),
  column('fairness', {
    cell: (r) => (
      <span className="history__fair">
        <span>{r.fairness}</span>
        {r.verify_path ? <VerifyBetButton row={r} /> : null}
      </span>
    ),
  }),
];

export const LEDGER_COLUMNS: readonly HistoryColumn<LedgerRow>[] = [
  column('time', { cell: (r) => formatDateTime(r.created_at), className: 'history__time' }),
  column('movement', { cell: (r) => r.label, className: 'history__first' }),
  column('amount', {
    cell: (r) => <span className={`amount ${signed(r.amount) ?? ''}`}>{`${r.amount > 0 ? '+' : r.amount < 0 ? '−' : ''}${formatCoins(Math.abs(r.amount))}`}</span>,
    className: 'history__lead',
  }),
  column('balanceAfter', { cell: (r) => <Coins value={r.balance_after} /> }),
  column('reference', { cell: (r) => r.reference ?? '—', className: 'history__reference' }),
];
