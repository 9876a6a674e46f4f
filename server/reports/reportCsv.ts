import { csvFile, type CsvValue } from '../history/csv.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import {
  GAME_REPORT_CSV_COLUMNS,
  MONEY_REPORT_CSV_COLUMNS,
  PROGRAMMES,
  REVENUE_REPORT_CSV_COLUMNS,
  type GameReportRow,
  type MoneyReportRow,
  type ProgrammeRow,
  type ReportTable,
  type RevenueRow,
} from '../../core/protocol/adminReports.ts';

// A report's table as CSV lines (server/history/csv.ts: RFC 4180, formula-escaped). A report is at
// most REPORT_MAX_DAYS days of a few lines each, so it is read whole and written in one chunk.

const gameLine = (r: GameReportRow): CsvValue[] => [r.day, r.game, r.bets, r.wagered, r.paid, r.ggr, r.measured_return, r.published_return, r.drift, r.bonus_cost, r.ngr];
const moneyLine = (r: MoneyReportRow): CsvValue[] => [r.day, r.figure, r.method, r.count, r.amount];

/**
 * The revenue table's lines: each day of the revenue rows or of a programme's payouts (a day of
 * cashback alone has no GGR), its GGR, bonus cost and NGR, then each programme's payouts (0 without).
 */
export function revenueLines(report: { days: RevenueRow[]; programmes: ProgrammeRow[] }): CsvValue[][] {
  const days = [...new Set([...report.days.map((d) => d.day), ...report.programmes.map((p) => p.day)])].sort();
  const revenue = new Map(report.days.map((d) => [d.day, d]));
  const paid = new Map(report.programmes.map((p) => [`${p.day}|${p.programme}`, p.amount]));
  const none = { wagered: 0, paid: 0, ggr: 0, bonus_cost: 0, ngr: 0 };
  return days.map((day) => {
    const r = revenue.get(day) ?? none;
    return [day, r.wagered, r.paid, r.ggr, r.bonus_cost, r.ngr, ...PROGRAMMES.map((p) => paid.get(`${day}|${p}`) ?? centsToCoins(0))];
  });
}

function once<T>(rows: T[]) {
  return async (after: true | null) => (after === null ? { rows, last: true as const } : { rows: [] as T[], last: true as const });
}

export function reportCsv(report: { games: GameReportRow[]; money: MoneyReportRow[]; days: RevenueRow[]; programmes: ProgrammeRow[] }, table: ReportTable): AsyncGenerator<string> {
  if (table === 'games') return csvFile(GAME_REPORT_CSV_COLUMNS, once(report.games), gameLine);
  if (table === 'money') return csvFile(MONEY_REPORT_CSV_COLUMNS, once(report.money), moneyLine);
  return csvFile(REVENUE_REPORT_CSV_COLUMNS, once(revenueLines(report)), (line) => line);
}
