// Plinko board geometry in fixed board units (independent of the canvas size: the view scales the
// board, so the physics runs the same on every screen and in the headless test).
//
// Row r (0-based) has r + 3 pegs. A ball that has gone right k times before row r lands on peg
// index k + 1 of that row; its direction there (the server's path[r], 0 left, 1 right) sends it to
// peg k + path[r] + 1 of the next row; after the last row it drops into bucket slot = Σ path.

import { PLINKO_MAX_ROWS as MAX_ROWS, PLINKO_MIN_ROWS as MIN_ROWS } from '../../core/fair/outcomes.ts';

export const BOARD = {
  spacing: 40,
  rowGap: 36,
  pegRadius: 4,
  ballRadius: 7,
  /** y of the first peg row; the ball is dropped above it. */
  top: 40,
  bucketHeight: 34,
} as const;

export interface BoardGeometry {
  rows: number;
  width: number;
  height: number;
  centerX: number;
  /** y of the buckets' top edge. */
  bucketTop: number;
  /** y of the buckets' floor. */
  floorY: number;
}

export function boardGeometry(rows: number): BoardGeometry {
  if (!Number.isInteger(rows) || rows < MIN_ROWS || rows > MAX_ROWS) throw new RangeError(`rows must be ${MIN_ROWS}–${MAX_ROWS}`);
  const width = (rows + 3) * BOARD.spacing;
  const centerX = width / 2;
  const bucketTop = BOARD.top + (rows - 1) * BOARD.rowGap + BOARD.rowGap * 0.75;
  const floorY = bucketTop + BOARD.bucketHeight;
  return { rows, width, height: floorY + 12, centerX, bucketTop, floorY };
}

export function pegX(g: BoardGeometry, row: number, index: number): number {
  return g.centerX + (index - (row + 2) / 2) * BOARD.spacing;
}

export function pegY(row: number): number {
  return BOARD.top + row * BOARD.rowGap;
}

/** x of the peg a ball with `rights` right turns so far meets in `row`. */
export function pathPegX(g: BoardGeometry, row: number, rights: number): number {
  return pegX(g, row, rights + 1);
}

export function bucketX(g: BoardGeometry, slot: number): number {
  return g.centerX + (slot - g.rows / 2) * BOARD.spacing;
}

/** The bucket a board x falls in (buckets are one spacing wide, edges below the last row's pegs). */
export function slotAt(g: BoardGeometry, x: number): number {
  // "+ 0" turns -0 (x just left of the centre line on an even board) into 0.
  return Math.round((x - g.centerX) / BOARD.spacing + g.rows / 2) + 0;
}

export function validatePath(path: readonly number[], slot: number): void {
  if (path.length < MIN_ROWS || path.length > MAX_ROWS) throw new RangeError(`a path has ${MIN_ROWS}–${MAX_ROWS} steps`);
  if (path.some((d) => d !== 0 && d !== 1)) throw new RangeError('path steps are 0 (left) or 1 (right)');
  const sum = path.reduce((a, b) => a + b, 0);
  if (sum !== slot) throw new RangeError(`slot ${slot} does not match the path (Σ = ${sum})`);
}
