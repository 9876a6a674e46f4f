import { floats } from './seedPair.ts';

// Mines: where the mines of one board lie, from the player's seed pair and the board's nonce
// (docs/mines.md). The 25 tiles (0 top left … 24 bottom right, row by row) are shuffled by the
// selection form of Fisher–Yates the well-known originals publish: 24 floats of the seed-pair stream;
// float i picks index floor(float × (25 − i)) of the tiles not picked yet, which it removes; the last
// tile left comes last. The first `mines` tiles of that order hold the mines. The board is fixed by
// the bet (seeds and nonce), whatever tiles the player reveals afterwards.

export const MINES_TILES = 25;

/** The 25 tiles in the shuffled order the seeds give (24 floats; the last tile is what remains). */
export function minesTileOrder(serverSeed: string, clientSeed: string, nonce: number): number[] {
  const left = Array.from({ length: MINES_TILES }, (_, i) => i);
  const order: number[] = [];
  for (const [i, f] of floats(serverSeed, clientSeed, nonce, MINES_TILES - 1).entries()) {
    order.push(left.splice(Math.floor(f * (MINES_TILES - i)), 1)[0]!);
  }
  order.push(left[0]!);
  return order;
}

/** The tiles holding the board's mines (ascending): the first `mines` tiles of the shuffled order. */
export function minesBoard(serverSeed: string, clientSeed: string, nonce: number, mines: number): number[] {
  if (!Number.isInteger(mines) || mines < 1 || mines >= MINES_TILES) throw new Error(`mines must be an integer from 1 to ${MINES_TILES - 1}`);
  return minesTileOrder(serverSeed, clientSeed, nonce)
    .slice(0, mines)
    .sort((a, b) => a - b);
}
