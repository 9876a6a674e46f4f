import { MINES_TILES } from '../fair/mines.ts';

// Mines as a game (docs/mines.md): a 5×5 board of 25 tiles, 1–24 mines fixed at the bet by the seed
// pair (core/fair/mines.ts). After k safe reveals with m mines the fair multiplier is the inverse of
// the chance of k safe picks, C(25, k) / C(25 − m, k); the board pays 99 % of it (1 % edge). The
// rounding is defined once, here, in integers: the multiplier is shown and paid in hundredths
// rounded down, hundredths = floor(99 × C(25, k) / C(25 − m, k)), and the payout in cents is
// floor(stake × hundredths / 100), never more than the game's payout cap.

export { MINES_TILES };
export const MINES_MIN = 1;
export const MINES_MAX = MINES_TILES - 1;
export const MINES_DEFAULT = 3;
/** Bet limits in cents: 0.10 … 1 000.00 coins, as dice. */
export const MINES_MIN_BET = 10;
export const MINES_MAX_BET = 100_000;
/** The most one board pays, in cents: a reveal that reaches it cashes the board out at it. */
export const MINES_MAX_PAYOUT = 100_000_000;
/** The return of every cash-out's exact odds (before the hundredths are rounded down). */
export const MINES_RETURN = 0.99;

export type MinesStatus = 'open' | 'cashed_out' | 'lost';

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** Why a mine count cannot be played, or null. */
export function minesCountProblem(mines: number): string | null {
  if (!Number.isInteger(mines) || mines < MINES_MIN || mines > MINES_MAX) return `The mines must be a whole number from ${MINES_MIN} to ${MINES_MAX}.`;
  return null;
}

/** Safe tiles of a board with `mines` mines: revealing them all ends the board. */
export function minesSafeTiles(mines: number): number {
  return MINES_TILES - mines;
}

/** The multiplier in hundredths after `safe` safe reveals (1 … 25 − mines): floor(99 × C(25, k) / C(25 − m, k)). */
export function minesHundredths(mines: number, safe: number): number {
  if (minesCountProblem(mines)) throw new Error(`mines must be ${MINES_MIN}–${MINES_MAX}, got ${mines}`);
  if (!Number.isInteger(safe) || safe < 1 || safe > minesSafeTiles(mines)) throw new Error(`safe reveals must be 1–${minesSafeTiles(mines)}, got ${safe}`);
  return Number((99n * binomial(MINES_TILES, safe)) / binomial(MINES_TILES - mines, safe));
}

/** The multiplier shown and paid (two decimals, rounded down). */
export function minesMultiplier(mines: number, safe: number): number {
  return minesHundredths(mines, safe) / 100;
}

/** The multipliers after 1, 2, … 25 − mines safe reveals (the page's table). */
export function minesMultiplierTable(mines: number): number[] {
  return Array.from({ length: minesSafeTiles(mines) }, (_, i) => minesMultiplier(mines, i + 1));
}

/** The payout in cents of a cash-out after `safe` safe reveals: floor(stake × hundredths / 100), at most `maxPayout`. */
export function minesPayout(stakeCents: number, mines: number, safe: number, maxPayout = MINES_MAX_PAYOUT): number {
  const paid = Number((BigInt(stakeCents) * BigInt(minesHundredths(mines, safe))) / 100n);
  return Math.min(paid, maxPayout);
}

/** The most a board can pay: every safe tile revealed. */
export function minesBestPayout(stakeCents: number, mines: number, maxPayout = MINES_MAX_PAYOUT): number {
  return minesPayout(stakeCents, mines, minesSafeTiles(mines), maxPayout);
}

/** Whether a tile index names a tile of the board. */
export function isMinesTile(tile: number): boolean {
  return Number.isInteger(tile) && tile >= 0 && tile < MINES_TILES;
}
