import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { DateField } from '../../components/DateField.tsx';
import { useAdminData } from '../../features/admin/adminApi.ts';
import { apiErrorText } from '../../api/http.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { formatCoins, formatDay } from '../../format/format.ts';
import { PROGRAMME_LABELS, PROGRAMMES, type GameReportRow, type GameTotals, type MoneyReportRow, type Programme, type ProgrammeRow, type ProgrammeTotal, type ReportTable, type RevenueRow } from '../../../core/protocol/adminReports.ts';
import './reports.css';
import { callResponse } from '../../api/call.ts';
import { adminReports, adminReportsCsv } from '../../../core/protocol/routes/admin.ts';

// /admin/reports: per UTC day and game the wagered and paid coins, the revenue and the measured
// return against the published one, and the money out by figure (docs/operator-console.md,
// "Reports"); the range is in the URL, each table downloads as the server's CSV.

// A non-breaking space: the games table's eleven columns must not break "98.99 %" in two.
const percent = (v: number | null) => (v === null ? '–' : `${v.toFixed(2)}\u00a0%`);

/**
 * The drift in points with its confidence band and the sample it stands on: "+11.00 (± 3.01, n = 10000)",
 * red only when the server flagged it (outside the band on enough bets; docs/bonuses.md, "Reports").
 */
function Drift({ r }: { r: GameReportRow }) {
  if (r.drift === null) return <>–</>;
  const band = r.drift_band === null ? '' : ` (± ${r.drift_band.toFixed(2)}, n = ${r.bets})`;
  return (
    <span className={r.drift_flagged ? 'admin__drift--off' : undefined} title={r.drift_flagged ? 'Outside the confidence band: a rule may be broken.' : 'Within the confidence band, or too few bets to tell.'}>
      {`${r.drift > 0 ? '+' : ''}${r.drift.toFixed(2)}${band}`}
    </span>
  );
}

type GameLine = (GameReportRow & { id: string; total?: false }) | (GameTotals & { id: string; total: true });

const GAME_COLUMNS: readonly HistoryColumn<GameLine>[] = [
  { label: 'Day', cell: (r) => (r.total ? <strong>Total</strong> : formatDay(r.day)) },
  { label: 'Game', cell: (r) => (r.total ? 'all games' : r.game) },
  { label: 'Bets', cell: (r) => r.bets },
  { label: 'Wagered', cell: (r) => formatCoins(r.wagered) },
  { label: 'Paid', cell: (r) => formatCoins(r.paid) },
  { label: 'GGR', cell: (r) => formatCoins(r.ggr) },
  { label: 'Return', cell: (r) => (r.total ? '' : percent(r.measured_return)) },
  { label: 'Published', cell: (r) => (r.total ? '' : percent(r.published_return)) },
  { label: 'Drift', cell: (r) => (r.total ? '' : <Drift r={r} />) },
  // The day's bonus cost shared out by the games its bonuses were wagered on (docs/bonuses.md, "Reports").
  { label: 'Bonus cost', cell: (r) => formatCoins(r.bonus_cost) },
  { label: 'NGR', cell: (r) => formatCoins(r.ngr) },
];

/** A programme's payouts and the share of GGR they paid back: "12.00 · 4.10 %" ("–" when there was no GGR to share). */
function Payout({ row }: { row: Pick<ProgrammeRow, 'amount' | 'ggr_share'> | undefined }) {
  if (!row) return <span className="admin__muted">–</span>;
  // One element: the phone layout spreads a cell's children apart (history.css), the amount and its share stay together.
  return (
    <span>
      {formatCoins(row.amount)} <span className="admin__share">{row.ggr_share === null ? '' : `· ${row.ggr_share.toFixed(2)} %`}</span>
    </span>
  );
}

/** One line of the programmes table: a day's (or, with a null day, the range's) GGR and each programme's payouts. */
interface ProgrammeLine {
  id: string;
  day: string | null;
  ggr: number;
  paid: Partial<Record<Programme, Pick<ProgrammeRow, 'amount' | 'ggr_share'>>>;
}
const PROGRAMME_COLUMNS: readonly HistoryColumn<ProgrammeLine>[] = [
  { label: 'Day', cell: (r) => (r.day === null ? <strong>Total</strong> : formatDay(r.day)) },
  { label: 'GGR', cell: (r) => formatCoins(r.ggr) },
  ...PROGRAMMES.map((p): HistoryColumn<ProgrammeLine> => ({ label: PROGRAMME_LABELS[p], cell: (r) => <Payout row={r.paid[p]} /> })),
];

/** The programmes' rows by day (the days of the revenue table and of any payout), then the range's totals. */
function programmeLines(days: readonly RevenueRow[], rows: readonly ProgrammeRow[], totals: readonly ProgrammeTotal[], totalGgr: number): ProgrammeLine[] {
  const ggr = new Map(days.map((d) => [d.day, d.ggr]));
  const lines = new Map<string, ProgrammeLine>();
  for (const r of rows) {
    const line = lines.get(r.day) ?? { id: r.day, day: r.day, ggr: ggr.get(r.day) ?? 0, paid: {} };
    line.paid[r.programme] = r;
    lines.set(r.day, line);
  }
  if (lines.size === 0) return [];
  return [...[...lines.values()].sort((a, b) => a.id.localeCompare(b.id)), { id: 'total', day: null, ggr: totalGgr, paid: Object.fromEntries(totals.map((t) => [t.programme, t])) }];
}

const FIGURE_LABELS: Record<MoneyReportRow['figure'], string> = {
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  withdrawal_refunds: 'Withdrawals returned',
  bonuses_granted: 'Bonuses granted',
  bonuses_wagered: 'Bonuses wagered (weighted stakes)',
  bonuses_forfeited: 'Bonuses forfeited',
  bonuses_released: 'Bonuses turned into cash',
  rain_tips: 'Tipped into the rain',
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
type MoneyLine = Omit<MoneyReportRow, 'day'> & { day: string | null; id: string };
const MONEY_COLUMNS: readonly HistoryColumn<MoneyLine>[] = [
  { label: 'Day', cell: (r) => (r.day === null ? <strong>Total</strong> : formatDay(r.day)) },
  { label: 'Figure', cell: (r) => FIGURE_LABELS[r.figure] },
  { label: 'Method', cell: (r) => r.method ?? '' },
  { label: 'Count', cell: (r) => r.count },
  { label: 'Amount', cell: (r) => formatCoins(r.amount) },
];

const todayUtc = () => new Date().toISOString().slice(0, 10);

const CHART = { width: 640, height: 200, pad: 36 } as const;

/**
 * GGR and NGR by day as two lines over a zero line (plain SVG, no chart library): the revenue table
 * drawn. Each day is a point at equal steps; one day is a dot of each.
 */
export function RevenueChart({ days }: { days: readonly RevenueRow[] }) {
  if (days.length === 0) return null;
  const values = days.flatMap((d) => [d.ggr, d.ngr]);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const x = (i: number) => CHART.pad + (days.length === 1 ? (CHART.width - 2 * CHART.pad) / 2 : (i * (CHART.width - 2 * CHART.pad)) / (days.length - 1));
  const y = (v: number) => CHART.pad / 2 + ((top - v) * (CHART.height - CHART.pad)) / span;
  const line = (pick: (d: RevenueRow) => number) => days.map((d, i) => `${x(i).toFixed(1)},${y(pick(d)).toFixed(1)}`).join(' ');
  const series = [
    // GGR's dots larger: where the two are equal (no bonus cost) both stay visible.
    { name: 'GGR', pick: (d: RevenueRow) => d.ggr, className: 'admin__chart-ggr', dot: 4.5 },
    { name: 'NGR', pick: (d: RevenueRow) => d.ngr, className: 'admin__chart-ngr', dot: 2.5 },
  ];
  return (
    <figure className="admin__chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={`GGR and NGR by day, ${formatDay(days[0]!.day)} to ${formatDay(days.at(-1)!.day)}`} data-testid="revenue-chart">
        <line className="admin__chart-zero" x1={CHART.pad} x2={CHART.width - CHART.pad} y1={y(0)} y2={y(0)} />
        <text className="admin__chart-axis" x={4} y={y(top) + 4}>{formatCoins(top)}</text>
        <text className="admin__chart-axis" x={4} y={y(bottom) + 4}>{formatCoins(bottom)}</text>
        {series.map((s) => (
          <g key={s.name} className={s.className} data-series={s.name}>
            {days.length > 1 && <polyline points={line(s.pick)} fill="none" />}
            {days.map((d, i) => (
              <circle key={d.day} cx={x(i)} cy={y(s.pick(d))} r={s.dot}>
                <title>{`${s.name} ${formatDay(d.day)}: ${formatCoins(s.pick(d))}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <figcaption>
        <span className="admin__chart-ggr">■ GGR</span> <span className="admin__chart-ngr">■ NGR (after bonuses)</span>
      </figcaption>
    </figure>
  );
}

/**
 * Saves one table of the report as the server's CSV (with the bearer token, so not a plain link).
 * Not shared with the history page's export: a module both lazy chunks import becomes a chunk of its
 * own in the entry's preload list, bytes the home page's budget does not have (docs/performance.md).
 */
async function saveReportCsv(query: { from: string; to: string; table: ReportTable }): Promise<void> {
  const { data } = await callResponse(adminReportsCsv, { query }, { headers: { Accept: 'text/csv' } });
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
  const download = (table: ReportTable) => saveReportCsv({ from, to, table }).then(() => setDownloadError(null), (e: unknown) => setDownloadError(apiErrorText(e)));
  const report = data?.data;
  return (
    <section className="admin__section">
      <h1>Reports</h1>
      <div className="admin__toolbar">
        <DateField label="From (UTC)" value={from} onChange={(d) => set('from', d)} />
        <DateField label="To (UTC)" value={to} onChange={(d) => set('to', d)} />
        <Button size="small" variant="secondary" onClick={() => void download('revenue')}>
          Revenue CSV
        </Button>
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
            <RevenueChart days={report.days} />
            <h2>Programmes: paid back, and the share of GGR</h2>
            <HistoryTable
              columns={PROGRAMME_COLUMNS}
              rows={programmeLines(report.days, report.programmes, report.programme_totals, report.totals.ggr)}
              empty="No programme paid anything in this range."
              testId="report-programmes"
            />
            <h2>Games</h2>
            <HistoryTable
              columns={GAME_COLUMNS}
              rows={[...report.games.map((r): GameLine => ({ ...r, id: `${r.day}:${r.game}` })), ...(report.games.length ? [{ ...report.game_totals, id: 'total', total: true } as const] : [])]}
              empty="No bets in this range."
              testId="report-game"
            />
            <h2>Money out and in</h2>
            <HistoryTable
              columns={MONEY_COLUMNS}
              rows={[...report.money.map((r) => ({ ...r, id: `${r.day}:${r.figure}:${r.method ?? ''}` })), ...report.money_totals.map((t) => ({ ...t, day: null, method: null, id: `total:${t.figure}` }))]}
              empty="No money in or out in this range."
              testId="report-money"
            />
          </>
        )}
      </div>
    </section>
  );
}
