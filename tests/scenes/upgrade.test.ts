import { describe, expect, it } from 'vitest';
import { Sprite, type Application, type Container } from 'pixi.js';
import { UpgradeScene } from '../../scenes/upgrade/UpgradeScene.ts';
import { liveGpuTextures, mountScene } from './sceneHarness.ts';

// The upgrade gauge is baked textures shown as sprites: the canvas runs without MSAA, and a new
// chance (the live preview while the player picks items) bakes a new arc and frees the old one.
// Where the needle stops is the visual test's (tests/visual/scenes.visual.test.ts) and the lab's.

/** Textures of the sprites under `root`. */
function spriteTextures(root: Container): Sprite['texture'][] {
  const own = root instanceof Sprite ? [root.texture] : [];
  return [...own, ...root.children.flatMap((child) => spriteTextures(child))];
}

describe('upgrade scene', () => {
  it('asks its host for a canvas without MSAA (its shapes are pre-smoothed textures)', async () => {
    const m = await mountScene(new UpgradeScene({ chance: 40 }));
    const gl = (m.app.renderer as unknown as { gl: WebGL2RenderingContext }).gl;
    expect(gl.getContextAttributes()?.antialias).toBe(false);
    m.dispose();
  });

  it('re-bakes the arc for a new chance and frees the old texture; the same chance bakes nothing', async () => {
    const scene = new UpgradeScene({ chance: 10 });
    const m = await mountScene(scene, { width: 400, height: 400 });
    const render = (app: Application) => {
      app.render();
      return liveGpuTextures(app);
    };
    const before = spriteTextures(m.app.stage);
    const baseline = render(m.app);
    for (let chance = 11; chance <= 40; chance++) {
      scene.setChance(chance);
      expect(render(m.app), `GPU textures at ${chance} %`).toBe(baseline);
    }
    const after = spriteTextures(m.app.stage);
    const replaced = before.filter((texture) => !after.includes(texture));
    expect(replaced, 'only the arc is baked again').toHaveLength(1);
    expect(replaced[0]!.destroyed, 'the old arc is freed').toBe(true);
    scene.setChance(40);
    expect(spriteTextures(m.app.stage)).toEqual(after);
    m.dispose();
  });
});
