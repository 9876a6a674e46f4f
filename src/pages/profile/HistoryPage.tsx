import { useEffect, useState } from 'react';
import { apiErrorText } from '../../api/http.ts';
import { useUrlFilters } from '../../app/useUrlFilters.ts';
import { Button } from '../../components/Button.tsx';
import { ChipGroup, type Chip } from '../../components/ChipGroup.tsx';
import { DateField } from '../../components/DateField.tsx';
import { HistoryTable } from '../../features/history/HistoryTable.tsx';
import { BET_COLUMNS, LEDGER_COLUMNS } from '../../features/history/historyColumns.tsx';
import { downloadHistoryCsv, fetchHistory, type HistoryFilters, type HistoryTab } from '../../features/history/historyApi.ts';
import { HISTORY_GAMES, LEDGER_KINDS, type BetHistoryPage, type LedgerPage } from '../../../core/protocol/history.ts';
import { BetNameSetting } from '../../features/history/BetNameSetting.tsx';
import './history.css';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import shellMessages from '../../app/layout/i18n/en-US.json';
import { GAME_NAV_LABELS } from '../../app/layout/navigation.ts';
import boxesMessages from '../../features/boxes/i18n/en-US.json';

const t = translator(messages);
const tShell = translator(shellMessages);
const tBoxes = translator(boxesMessages);

// /profile/history: every bet of every game and every movement of the balance (docs/account-safety.md,
// "History"), in two tabs. The tab, the filters (a game or a kind, from and to) and the page live in
// the URL, so a reload or a shared link shows the same list; Export CSV downloads the server's file
// of every row the filters match.


/** The tabs and each tab's filter chips, in the page's language (called when rendering). */
function tabChips(): readonly Chip<HistoryTab>[] {
  return [
    { value: 'bets', label: t('bets') },
    { value: 'ledger', label: t('transactions') },
  ];
}
function filterChips(tab: HistoryTab): readonly Chip<string>[] {
  const all = { value: '', label: t('all') };
  if (tab === 'bets') return [all, ...HISTORY_GAMES.map((g) => ({ value: g, label: tShell(GAME_NAV_LABELS[g]) }))];
  return [all, ...LEDGER_KINDS.map((kind) => ({ value: kind, label: t('ledgerKind', { kind }) }))];
}

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
      <h1>{t('navHistory')}</h1>
      <ChipGroup chips={tabChips()} value={tab} onChange={(next) => update({ tab: next === 'bets' ? '' : next, game: '', kind: '' })} label={t('navHistory')} />
      <div className="history__filters">
        <ChipGroup chips={filterChips(tab)} value={filters.filter} onChange={(value) => update({ [tab === 'bets' ? 'game' : 'kind']: value })} label={tab === 'bets' ? t('game') : t('kind')} className="history__chips" />
        <div className="history__dates">
          <DateField label={tBoxes('dateFrom')} value={filters.from} onChange={(day) => update({ from: day })} />
          <DateField label={tBoxes('dateTo')} value={filters.to} onChange={(day) => update({ to: day })} />
          <Button variant="secondary" loading={exporting} onClick={exportCsv}>
            {t('exportCsv')}
          </Button>
        </div>
      </div>
      {error && (
        <p className="history__error" role="alert">
          {error}
        </p>
      )}
      <div aria-busy={loading}>
        {shown?.tab === 'bets' && <HistoryTable columns={BET_COLUMNS} rows={shown.page.data} empty={t('noBets')} testId="bet-history-row" compact />}
        {tab === 'bets' && <BetNameSetting />}
        {shown?.tab === 'ledger' && <HistoryTable columns={LEDGER_COLUMNS} rows={shown.page.data} empty={t('noMovements')} testId="ledger-row" compact />}
      </div>
      {meta && meta.last_page > 1 && (
        <nav className="history__pager" aria-label={t('pages')}>
          <Button variant="secondary" size="small" disabled={page <= 1 || loading} onClick={() => update({ page: String(page - 1) })}>
            {tBoxes('previous')}
          </Button>
          <span data-testid="history-page">
            {t('pageOf', { page: meta.current_page, pages: meta.last_page, total: meta.total })}
          </span>
          <Button variant="secondary" size="small" disabled={page >= meta.last_page || loading} onClick={() => update({ page: String(page + 1) })}>
            {tBoxes('next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
