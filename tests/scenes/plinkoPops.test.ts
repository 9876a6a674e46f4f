import { describe, expect, it } from 'vitest';
import type { Container } from 'pixi.js';
import { PlinkoScene } from '../../scenes/plinko/PlinkoScene.ts';
import { mountScene } from './sceneHarness.ts';

// With 10 drops a second a multiplier pop is shown or hidden about twenty times a second. Pixi
// rebuilds the render instructions of the render group whose structure changed (a `visible` toggle
// counts): the pops are a render group of their own, so that is a handful of pops, not the board.

type Group = { structureDidChange: boolean };

describe('plinko multiplier pops', () => {
  it('are shown and hidden without a rebuild of the board’s render instructions', async () => {
    const scene = new PlinkoScene({ rows: 8, multipliers: [29, 4, 1.5, 0.3, 0.2, 0.3, 1.5, 4, 29] });
    const m = await mountScene(scene, { width: 600, height: 400, motion: 0 });
    // Reduced motion: the ball lands at once and its pop shows.
    await m.host.play({ path: [1, 0, 1, 1, 0, 0, 1, 0], slot: 4, multiplier: 0.2 });
    const popups = (scene as unknown as { popups: Container }).popups;
    const pop = popups.children[0]!;
    expect(pop.visible).toBe(true);
    m.app.renderer.render({ container: m.app.stage });
    const board = (m.app.stage as unknown as { renderGroup: Group }).renderGroup;
    expect(board.structureDidChange).toBe(false);
    pop.visible = false;
    expect((popups as unknown as { renderGroup: Group | null }).renderGroup?.structureDidChange, 'the pops’ own group').toBe(true);
    expect(board.structureDidChange, 'the board’s group').toBe(false);
    m.dispose();
  });
});
