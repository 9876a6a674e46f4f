import { REPORT_KEYS, descriptorOf, gameOfReportKey, type ReportKey } from './catalog.ts';

// The return each game publishes, as a fraction of the stake, for one bet with its parameters
// (a plinko table, a wheel colour, a box's kind): each game's `publishedReturn` in the game catalog
// (core/games/catalog.ts). The operator reports weigh each bet's stake by it, so a day's "published
// return" is what the rules promise for the bets actually placed and a broken payout rule shows as
// the measured return drifting from it (docs/operator-console.md, "Reports").

/** The games of the reports, by their key on the reports' wire, in catalog order. */
export const REPORT_GAMES = REPORT_KEYS;
export type ReportGame = ReportKey;

/**
 * The published return of a bet of the game reported as `key` with `param` (plinko "rows:risk", a
 * wheel colour, a box type). Null when the parameter is unknown: the report then counts the stake
 * without an expectation.
 */
export function publishedReturn(key: ReportGame, param: string | null): number | null {
  const id = gameOfReportKey(key);
  return id === null ? null : descriptorOf(id).publishedReturn(param);
}
