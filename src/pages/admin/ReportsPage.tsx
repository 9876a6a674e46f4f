import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { DateField } from '../../components/DateField.tsx';
import { useAdminData } from '../../features/admin/adminApi.ts';
import { apiErrorText } from '../../api/http.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { formatCoins, formatDay } from '../../format/format.ts';
import type { GameReportRow, MoneyReportRow, RevenueRow } from '../../../core/protocol/adminReports.ts';
import './reports.css';
import { callResponse } from '../../api/call.ts';
import { adminReports, adminReportsCsv } from '../../../core/protocol/routes/admin.ts';

// /admin/reports: per UTC day and game the wagered and paid coins, the revenue and the measured
// return against the published one, and the money out by figure (docs/operator-console.md,
// "Reports"); the range is in the URL, each table downloads as the server's CSV.

/** A drift this many percentage points from the published return is shown as suspicious. */
const DRIFT_WARNING = 5;

const percent = (v: number | null) => (v === null ? '–' : `${v.toFixed(2)} %`);

const GAME_COLUMNS: readonly HistoryColumn<GameReportRow & { id: string }>[] = [
  { label: 'Day', cell: (r) => formatDay(r.day) },
  { label: 'Game', cell: (r) => r.game },
  { label: 'Bets', cell: (r) => r.bets },
  { label: 'Wagered', cell: (r) => formatCoins(r.wagered) },
  { label: 'Paid', cell: (r) => formatCoins(r.paid) },
  { label: 'GGR', cell: (r) => formatCoins(r.ggr) },
  { label: 'Return', cell: (r) => percent(r.measured_return) },
  { label: 'Published', cell: (r) => percent(r.published_return) },
  { label: 'Drift', cell: (r) => <span className={r.drift !== null && Math.abs(r.drift) >= DRIFT_WARNING ? 'admin__drift--off' : undefined}>{r.drift === null ? '–' : `${r.drift > 0 ? '+' : ''}${r.drift.toFixed(2)}`}</span> },
];

const FIGURE_LABELS: Record<MoneyReportRow['figure'], string> = {
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  withdrawal_refunds: 'Withdrawals returned',
  bonuses_granted: 'Bonuses granted',
  bonuses_forfeited: 'Bonuses forfeited',
  bonuses_released: 'Bonuses turned into cash',
  adjustments: 'Adjustments',
  gift_codes: 'Gift codes and vouchers',
  affiliate_payouts: 'Affiliate payouts',
  cashback: 'Cashback',
  leaderboard_prizes: 'Leaderboard prizes',
  vip_rakeback: 'VIP rakeback',
};

/** Per day GGR, what bonuses cost and NGR (docs/bonuses.md, "Reports"); the range's totals as the last row. */
const REVENUE_COLUMNS: readonly HistoryColumn<Omit<RevenueRow, 'day'> & { day: string | null; id: string }>[] = [
  { label: 'Day', cell: (r) => (r.day === null ? <strong>Total</strong> : formatDay(r.day)) },
  { label: 'Wagered', cell: (r) => formatCoins(r.wagered) },
  { label: 'Paid', cell: (r) => formatCoins(r.paid) },
  { label: 'GGR', cell: (r) => formatCoins(r.ggr) },
  { label: 'Bonus cost', cell: (r) => formatCoins(r.bonus_cost) },
  { label: 'NGR', cell: (r) => formatCoins(r.ngr) },
];
const MONEY_COLUMNS: readonly HistoryColumn<MoneyReportRow & { id: string }>[] = [
  { label: 'Day', cell: (r) => formatDay(r.day) },
  { label: 'Figure', cell: (r) => FIGURE_LABELS[r.figure] },
  { label: 'Method', cell: (r) => r.method ?? '' },
  { label: 'Count', cell: (r) => r.count },
  { label: 'Amount', cell: (r) => formatCoins(r.amount) },
];

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Saves one table of the report as the server's CSV (with the bearer token, so not a plain link).
 * Not shared with the history page's export: a module both lazy chunks import becomes a chunk of its
 * own in the entry's preload list, bytes the home page's budget does not have (docs/performance.md).
 */
async function saveReportCsv(query: { from: string; to: string; table: 'games' | 'money' }): Promise<void> {
  const { data } = await callResponse(adminReportsCsv, { query }, { responseType: 'blob', headers: { Accept: 'text/csv' } });
  const href = URL.createObjectURL(data);
  Object.assign(document.createElement('a'), { href, download: `report-${query.table}-${query.from}-${query.to}.csv` }).click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') || todayUtc();
  const to = params.get('to') || from;
  const { data, error, loading } = useAdminData(adminReports, { query: { from, to } });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const set = (name: 'from' | 'to', day: string) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (day) p.set(name, day);
      else p.delete(name);
      return p;
    });
  const download = (table: 'games' | 'money') => saveReportCsv({ from, to, table }).then(() => setDownloadError(null), (e: unknown) => setDownloadError(apiErrorText(e)));
  const report = data?.data;
  return (
    <section className="admin__section">
      <h1>Reports</h1>
      <div className="admin__toolbar">
        <DateField label="From (UTC)" value={from} onChange={(d) => set('from', d)} />
        <DateField label="To (UTC)" value={to} onChange={(d) => set('to', d)} />
        <Button size="small" variant="secondary" onClick={() => void download('games')}>
          Games CSV
        </Button>
        <Button size="small" variant="secondary" onClick={() => void download('money')}>
          Money CSV
        </Button>
      </div>
      {(error ?? downloadError) && (
        <p className="admin__error" role="alert">
          {error ?? downloadError}
        </p>
      )}
      <div aria-busy={loading}>
        {report && (
          <>
            <h2>Revenue</h2>
            <HistoryTable
              columns={REVENUE_COLUMNS}
              rows={[...report.days.map((r) => ({ ...r, id: r.day })), ...(report.days.length ? [{ ...report.totals, day: null, id: 'total' }] : [])]}
              empty="No play or bonuses in this range."
              testId="report-revenue"
            />
            <h2>Games</h2>
            <HistoryTable columns={GAME_COLUMNS} rows={report.games.map((r) => ({ ...r, id: `${r.day}:${r.game}` }))} empty="No bets in this range." testId="report-game" />
            <h2>Money out and in</h2>
            <HistoryTable columns={MONEY_COLUMNS} rows={report.money.map((r) => ({ ...r, id: `${r.day}:${r.figure}:${r.method ?? ''}` }))} empty="No money in or out in this range." testId="report-money" />
          </>
        )}
      </div>
    </section>
  );
}
