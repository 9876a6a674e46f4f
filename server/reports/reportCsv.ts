import { csvFile, type CsvValue } from '../history/csv.ts';
import { GAME_REPORT_CSV_COLUMNS, MONEY_REPORT_CSV_COLUMNS, type GameReportRow, type MoneyReportRow } from '../../core/protocol/adminReports.ts';

// A report's table as CSV lines (server/history/csv.ts: RFC 4180, formula-escaped). A report is at
// most REPORT_MAX_DAYS days of a few lines each, so it is read whole and written in one chunk.

const gameLine = (r: GameReportRow): CsvValue[] => [r.day, r.game, r.bets, r.wagered, r.paid, r.ggr, r.measured_return, r.published_return, r.drift];
const moneyLine = (r: MoneyReportRow): CsvValue[] => [r.day, r.figure, r.method, r.count, r.amount];

function once<T>(rows: T[]) {
  return async (after: true | null) => (after === null ? { rows, last: true as const } : { rows: [] as T[], last: true as const });
}

export function reportCsv(report: { games: GameReportRow[]; money: MoneyReportRow[] }, table: 'games' | 'money'): AsyncGenerator<string> {
  return table === 'games' ? csvFile(GAME_REPORT_CSV_COLUMNS, once(report.games), gameLine) : csvFile(MONEY_REPORT_CSV_COLUMNS, once(report.money), moneyLine);
}
