import { PLINKO_MULTIPLIERS, PLINKO_RISKS, PLINKO_ROWS, plinkoReturn, type PlinkoRisk, type PlinkoRows } from './plinkoPayouts.ts';

// Plinko as a game: rows and risks and the payout tables come from plinkoPayouts.ts (one set of
// tables, shared with the fairness pages); this module adds the bet limits and the config the
// page reads from GET /api/plinko/config. Its shape is the answer's schema (core/protocol/games.ts, which
// imports this module's limits): the route checks it against that schema, so no type comes back from there.

export { PLINKO_MULTIPLIERS, PLINKO_RISKS, PLINKO_ROWS, plinkoReturn, plinkoMultiplier, isPlinkoRisk, isPlinkoRows, type PlinkoRisk, type PlinkoRows } from './plinkoPayouts.ts';

/** Bet limits in cents: 0.10 … 500.00 coins (the 1000× slot caps a payout at 500 000 coins). */
export const PLINKO_MIN_BET = 10;
export const PLINKO_MAX_BET = 50_000;
export const PLINKO_DEFAULT_ROWS: PlinkoRows = 16;
export const PLINKO_DEFAULT_RISK: PlinkoRisk = 'medium';

/** Payout of a bet in cents for a multiplier with one decimal: floor(amount × tenths / 10). */
export function plinkoPayout(amountCents: number, multiplier: number): number {
  return Math.floor((amountCents * Math.round(multiplier * 10)) / 10);
}

export function plinkoConfig() {
  return {
    rows: PLINKO_ROWS,
    risks: PLINKO_RISKS,
    default_rows: PLINKO_DEFAULT_ROWS,
    default_risk: PLINKO_DEFAULT_RISK,
    min_bet: PLINKO_MIN_BET / 100,
    max_bet: PLINKO_MAX_BET / 100,
    tables: PLINKO_ROWS.flatMap((rows) => PLINKO_RISKS.map((risk) => ({ rows, risk, multipliers: PLINKO_MULTIPLIERS[rows][risk], return: plinkoReturn(rows, risk) }))),
  };
}

/**
 * What a landed ball means for the player, said plainly (docs/games.md): only a multiplier above
 * 1× is a win; 1× gives the stake back and below it part of the stake comes back.
 */
export type PlinkoOutcome = 'win' | 'stake back' | 'part back' | 'loss';

export function plinkoOutcome(multiplier: number): PlinkoOutcome {
  if (multiplier > 1) return 'win';
  if (multiplier === 1) return 'stake back';
  return multiplier > 0 ? 'part back' : 'loss';
}

/** The bet answer's msg: "You won 2.60 coins (2.6x)" only for a win, "0.5x: 0.50 coins back" otherwise. */
export function plinkoMessage(multiplier: number, payout: string): string {
  switch (plinkoOutcome(multiplier)) {
    case 'win':
      return `You won ${payout} coins (${multiplier}x)`;
    case 'stake back':
      return `1x: your ${payout} coins back`;
    case 'part back':
      return `${multiplier}x: ${payout} coins back`;
    default:
      return `No win (${multiplier}x)`;
  }
}
