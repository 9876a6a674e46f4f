import { describe, expect, it } from 'vitest';
import { MinesScene, type MinesResult } from '../../scenes/mines/MinesScene.ts';
import { liveTweens, mountScene, pixelAt } from './sceneHarness.ts';

// The Mines board shows exactly what the server answered: tiles revealed flip to gems or the mine,
// a play animates only what changed since the last one, and an ended board shows every tile, the
// player's own bright and the rest dimmed (final frame, also under reduced motion).

const open = (revealed: number[]): MinesResult => ({ revealed, mines: null, status: 'open' });

describe('mines scene', () => {
  it('flips the revealed tiles, keeps them across plays, and turns the whole board over when it ends', async () => {
    const scene = new MinesScene();
    const m = await mountScene(scene, { width: 400, height: 400 });
    expect(scene.shown().every((t) => t === 'hidden')).toBe(true);
    const first = m.host.play(open([7]));
    expect(m.host.phase).toBe('running');
    await first;
    expect(scene.shown()[7]).toBe('gem');
    expect(scene.shown().filter((t) => t !== 'hidden')).toHaveLength(1);
    await m.host.play(open([7, 11]));
    expect(scene.shown().filter((t) => t === 'gem')).toHaveLength(2);
    await m.host.play({ revealed: [7, 11], mines: [0, 1, 2], status: 'cashed_out' });
    const shown = scene.shown();
    expect(shown[7]).toBe('gem');
    expect(shown[11]).toBe('gem');
    expect(shown.slice(0, 3)).toEqual(['mine-dim', 'mine-dim', 'mine-dim']);
    expect(shown.filter((t) => t === 'gem-dim')).toHaveLength(20);
    expect(m.host.phase).toBe('finished');
    expect(liveTweens()).toBe(0);
    // A new board: every tile hidden again at once.
    scene.show(open([]));
    expect(scene.shown().every((t) => t === 'hidden')).toBe(true);
    m.dispose();
  });

  it('under reduced motion draws the lost board at once: the mine hit bright red, the others dimmed', async () => {
    const scene = new MinesScene();
    const m = await mountScene(scene, { width: 500, height: 500, motion: 0 });
    await m.host.play({ revealed: [3, 12], mines: [12, 20], status: 'lost' });
    expect(scene.shown()[12]).toBe('mine');
    expect(scene.shown()[20]).toBe('mine-dim');
    expect(scene.shown()[3]).toBe('gem');
    // Tile centres: 100 px cells. The bright mine's red core against the dimmed one's.
    const hit = pixelAt(m.app, 2 * 100 + 50, 2 * 100 + 54);
    const dim = pixelAt(m.app, 0 * 100 + 50, 4 * 100 + 54);
    expect(hit[0]).toBeGreaterThan(200);
    expect(hit[1]).toBeLessThan(120);
    expect(dim[0]).toBeLessThan(hit[0] - 60);
    // The player's gem is bright green; a dimmed gem is darker.
    const gem = pixelAt(m.app, 3 * 100 + 50, 0 * 100 + 55);
    const dimGem = pixelAt(m.app, 1 * 100 + 50, 0 * 100 + 55);
    expect(gem[1]).toBeGreaterThan(180);
    expect(dimGem[1]).toBeLessThan(gem[1] - 50);
    m.dispose();
  });
});
