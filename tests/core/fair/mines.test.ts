import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minesBoard, minesTileOrder, MINES_TILES } from '../../../core/fair/index.ts';
import { run } from '../../../core/fair/cli.ts';
import { refFloats } from './independent.ts';

const SERVER = 'b4c1b7c2f6f0a6b5b5a0f9a3a1c7e8d9f0e1d2c3b4a5968778695a4b3c2d1e0f';

/** The published shuffle written again from its words: float i picks among the tiles left, which shrink by one. */
function refMines(serverSeed: string, clientSeed: string, nonce: number, mines: number): number[] {
  const tiles = [...Array(25).keys()];
  const picked = refFloats(serverSeed, clientSeed, nonce, 24).map((f, i) => {
    const index = Math.floor(f * (25 - i));
    const tile = tiles[index]!;
    tiles.splice(index, 1);
    return tile;
  });
  return picked.slice(0, mines).toSorted((a, b) => a - b);
}

describe('mines board derivation', () => {
  it('matches the pinned vectors (a change here changes every past board)', () => {
    expect(minesTileOrder(SERVER, 'lucky-client', 7)).toEqual([18, 2, 0, 22, 3, 15, 1, 20, 16, 13, 7, 5, 11, 17, 8, 4, 23, 24, 19, 21, 14, 6, 10, 12, 9]);
    expect(minesBoard(SERVER, 'lucky-client', 7, 3)).toEqual([0, 2, 18]);
    expect(minesBoard('0000', 'client', 1, 5)).toEqual([2, 4, 18, 20, 21]);
  });

  it('agrees with the independent shuffle, and the order is a permutation whose prefix is the board', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.string({ maxLength: 20 }), fc.nat(1_000_000), fc.integer({ min: 1, max: 24 }), (server, client, nonce, mines) => {
        const order = minesTileOrder(server, client, nonce);
        expect(order.toSorted((a, b) => a - b)).toEqual([...Array(MINES_TILES).keys()]);
        const board = minesBoard(server, client, nonce, mines);
        expect(board).toEqual(refMines(server, client, nonce, mines));
        expect(board).toEqual(order.slice(0, mines).toSorted((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });

  it('puts a mine on every tile about as often (3 mines over 5 000 boards)', () => {
    const hits = new Array<number>(MINES_TILES).fill(0);
    for (let nonce = 0; nonce < 5_000; nonce++) for (const t of minesBoard(SERVER, 'spread', nonce, 3)) hits[t]! += 1;
    // Expected 600 per tile (σ ≈ 23): ±6σ fails only when a tile is favoured.
    for (const h of hits) expect(Math.abs(h - 600)).toBeLessThan(140);
  });

  it('refuses a mine count the board cannot hold, and the CLI prints the same board', () => {
    expect(() => minesBoard(SERVER, 'c', 1, 0)).toThrow(/1 to 24/);
    expect(() => minesBoard(SERVER, 'c', 1, 25)).toThrow(/1 to 24/);
    expect(run(['mines', '--server-seed', SERVER, '--client-seed', 'lucky-client', '--nonce', '7', '--mines', '3'])).toEqual({ game: 'mines', mines: [0, 2, 18] });
    expect(() => run(['mines', '--server-seed', SERVER, '--client-seed', 'c', '--nonce', '1', '--mines', '25'])).toThrow(/1 to 24/);
  });
});
