import { DICE_RETURN } from './dicePayout.ts';
import { isPlinkoRisk, isPlinkoRows, plinkoReturn } from './plinkoPayouts.ts';
import { UPGRADE_EDGE } from './upgrade.ts';
import { WHEEL_COLORS, wheelReturnFraction, type WheelColor } from './wheel.ts';
import { CUSTOM_BOX_EDGE, HOUSE_EDGE } from './boxes.ts';

// The return each game publishes, as a fraction of the stake, for one bet with its parameters
// (a plinko table, a wheel colour, a box's kind). The operator reports weigh each bet's stake by
// it, so a day's "published return" is what the rules promise for the bets actually placed and a
// broken payout rule shows as the measured return drifting from it (docs/operator-console.md, "Reports").

export const REPORT_GAMES = ['dice', 'plinko', 'upgrade', 'crash', 'wheel', 'battles', 'boxes'] as const;
export type ReportGame = (typeof REPORT_GAMES)[number];

/** Crash pays out a cashed-out target m with probability 0.99 / m (core/fair/hashChain.ts): 99 % at every target. */
export const CRASH_RETURN = 0.99;

/**
 * The published return of a bet of `game` with `param` (plinko "rows:risk", a wheel colour, a box
 * type). Null when the parameter is unknown: the report then counts the stake without an expectation.
 */
export function publishedReturn(game: ReportGame, param: string | null): number | null {
  switch (game) {
    case 'dice':
      return DICE_RETURN;
    case 'plinko': {
      const [rows, risk] = (param ?? '').split(':');
      const n = Number(rows);
      return isPlinkoRows(n) && risk !== undefined && isPlinkoRisk(risk) ? plinkoReturn(n, risk) : null;
    }
    case 'upgrade':
      return 1 - UPGRADE_EDGE;
    case 'crash':
      return CRASH_RETURN;
    case 'wheel': {
      if (!(WHEEL_COLORS as readonly string[]).includes(param ?? '')) return null;
      const { numerator, denominator } = wheelReturnFraction(param as WheelColor);
      return numerator / denominator;
    }
    case 'battles':
      // Each seat expects its share of the boxes' value: the standard boxes' return (docs/battles.md).
      return 1 - HOUSE_EDGE;
    case 'boxes':
      return 1 - (param === 'custom' ? CUSTOM_BOX_EDGE : HOUSE_EDGE);
  }
}
