import type { OpsServices } from '../services.ts';
import { REPORT_TABLES, REVENUE_REPORT_CSV_COLUMNS, ReportQuerySchema, type GameReportRow, type MoneyReportRow, type ReportTable } from '../../core/protocol/adminReports.ts';
import { gameReport } from './gameReport.ts';
import { reportCsv, revenueLines } from './reportCsv.ts';

// `npm run ops -- report --from YYYY-MM-DD [--to YYYY-MM-DD] [--csv games|money|revenue]`: the
// console's report from the command line, through the same gameReport, as tables or as the console's CSV.

const cell = (v: string | number | null) => (v === null ? '-' : String(v));

function table(header: readonly string[], rows: (string | number | null)[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => cell(r[i] ?? null).length)));
  return [header, ...rows].map((r) => r.map((v, i) => cell(v ?? null).padStart(widths[i]!)).join('  ')).join('\n');
}

const gameCells = (r: GameReportRow) => [r.day, r.game, r.bets, r.wagered, r.paid, r.ggr, r.measured_return, r.published_return, r.drift, r.bonus_cost, r.ngr];
const moneyCells = (r: MoneyReportRow) => [r.day, r.figure, r.method, r.count, r.amount];

export const reportCommand = {
  summary: 'report by UTC day and game: --from YYYY-MM-DD [--to YYYY-MM-DD] [--csv games|money|revenue]',
  options: { from: { type: 'string' as const }, to: { type: 'string' as const }, csv: { type: 'string' as const } },
  async run({ db }: OpsServices, values: Record<string, string | boolean | undefined>) {
    const parsed = ReportQuerySchema.safeParse({ from: values.from, to: values.to ?? values.from });
    if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('\n'));
    const csv = values.csv;
    const isTable = (v: unknown): v is ReportTable => (REPORT_TABLES as readonly unknown[]).includes(v);
    if (csv !== undefined && !isTable(csv)) throw new Error(`--csv must be ${REPORT_TABLES.join(', ')}`);
    const report = await gameReport(db, parsed.data);
    if (csv !== undefined) {
      for await (const chunk of reportCsv(report, csv)) process.stdout.write(chunk);
      return;
    }
    process.stdout.write(`${table([...REVENUE_REPORT_CSV_COLUMNS], revenueLines(report))}\n\n`);
    process.stdout.write(`${table(['day', 'game', 'bets', 'wagered', 'paid', 'ggr', 'return %', 'published %', 'drift', 'bonus cost', 'ngr'], report.games.map(gameCells))}\n\n`);
    process.stdout.write(`${table(['day', 'figure', 'method', 'count', 'amount'], report.money.map(moneyCells))}\n`);
  },
};
