import { useEffect, useState } from 'react';
import { apiErrorText } from '../../api/http.ts';
import { useUrlFilters } from '../../app/useUrlFilters.ts';
import { Button } from '../../components/Button.tsx';
import { ChipGroup, chipsOf, type Chip } from '../../components/ChipGroup.tsx';
import { DateField } from '../../components/DateField.tsx';
import { HistoryTable } from '../../features/history/HistoryTable.tsx';
import { BET_COLUMNS, LEDGER_COLUMNS } from '../../features/history/historyColumns.tsx';
import { downloadHistoryCsv, fetchHistory, type HistoryFilters, type HistoryTab } from '../../features/history/historyApi.ts';
import { HISTORY_GAMES, HISTORY_GAME_LABELS, LEDGER_KINDS, LEDGER_KIND_LABELS, type BetHistoryPage, type LedgerPage } from '../../../core/protocol/history.ts';
import { BetNameSetting } from '../../features/history/BetNameSetting.tsx';
import './history.css';

// /profile/history: every bet of every game and every movement of the balance (docs/account-safety.md,
// "History"), in two tabs. The tab, the filters (a game or a kind, from and to) and the page live in
// the URL, so a reload or a shared link shows the same list; Export CSV downloads the server's file
// of every row the filters match.

const TABS: readonly Chip<HistoryTab>[] = [
  { value: 'bets', label: 'Bets' },
  { value: 'ledger', label: 'Transactions' },
];
const ALL = { value: '', label: 'All' } as const;
const FILTER_CHIPS: Record<HistoryTab, readonly Chip<string>[]> = {
  bets: [ALL, ...chipsOf(HISTORY_GAMES, HISTORY_GAME_LABELS)],
  ledger: [ALL, ...chipsOf(LEDGER_KINDS, LEDGER_KIND_LABELS)],
};

/** The query values of the page (useUrlFilters: any change but the page's goes back to page 1). */
const QUERY = ['tab', 'game', 'kind', 'from', 'to'] as const;

type Loaded = { tab: 'bets'; page: BetHistoryPage } | { tab: 'ledger'; page: LedgerPage };

export default function HistoryPage() {
  const { values, page, update } = useUrlFilters(QUERY);
  const tab: HistoryTab = values.tab === 'ledger' ? 'ledger' : 'bets';
  const filter = tab === 'bets' ? values.game : values.kind;
  const { from, to } = values;
  const filters: HistoryFilters = { filter, from, to };
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const asked: HistoryFilters = { filter, from, to };
    const request = tab === 'bets' ? fetchHistory('bets', asked, page).then((p): Loaded => ({ tab: 'bets', page: p })) : fetchHistory('ledger', asked, page).then((p): Loaded => ({ tab: 'ledger', page: p }));
    request
      .then((next) => {
        if (!live) return;
        setLoaded(next);
        setError(null);
      })
      .catch((e: unknown) => live && setError(apiErrorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [tab, filter, from, to, page]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadHistoryCsv(tab, filters);
    } catch (e) {
      setError(apiErrorText(e));
    } finally {
      setExporting(false);
    }
  };

  const shown = loaded?.tab === tab ? loaded : null;
  const meta = shown?.page.meta;
  return (
    <section className="history">
      <h1>History</h1>
      <ChipGroup chips={TABS} value={tab} onChange={(next) => update({ tab: next === 'bets' ? '' : next, game: '', kind: '' })} label="History" />
      <div className="history__filters">
        <ChipGroup chips={FILTER_CHIPS[tab]} value={filters.filter} onChange={(value) => update({ [tab === 'bets' ? 'game' : 'kind']: value })} label={tab === 'bets' ? 'Game' : 'Kind'} className="history__chips" />
        <div className="history__dates">
          <DateField label="From" value={filters.from} onChange={(day) => update({ from: day })} />
          <DateField label="To" value={filters.to} onChange={(day) => update({ to: day })} />
          <Button variant="secondary" loading={exporting} onClick={exportCsv}>
            Export CSV
          </Button>
        </div>
      </div>
      {error && (
        <p className="history__error" role="alert">
          {error}
        </p>
      )}
      <div aria-busy={loading}>
        {shown?.tab === 'bets' && <HistoryTable columns={BET_COLUMNS} rows={shown.page.data} empty="No bets yet." testId="bet-history-row" compact />}
        {tab === 'bets' && <BetNameSetting />}
        {shown?.tab === 'ledger' && <HistoryTable columns={LEDGER_COLUMNS} rows={shown.page.data} empty="No movements yet." testId="ledger-row" compact />}
      </div>
      {meta && meta.last_page > 1 && (
        <nav className="history__pager" aria-label="Pages">
          <Button variant="secondary" size="small" disabled={page <= 1 || loading} onClick={() => update({ page: String(page - 1) })}>
            Previous
          </Button>
          <span data-testid="history-page">
            Page {meta.current_page} of {meta.last_page} · {meta.total} total
          </span>
          <Button variant="secondary" size="small" disabled={page >= meta.last_page || loading} onClick={() => update({ page: String(page + 1) })}>
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}
