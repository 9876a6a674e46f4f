import { describe, expect, it } from 'vitest';
import { ParticleContainer, Sprite, type Container, type Texture } from 'pixi.js';
import type { SceneApp } from '../../scenes/kit/sceneApp.ts';
import { UpgradeScene } from '../../scenes/upgrade/UpgradeScene.ts';
import { liveGpuTextures, mountScene } from './sceneHarness.ts';

// The upgrade gauge is baked textures shown as particle layers: the canvas runs without MSAA, and a new
// chance (the live preview while the player picks items) bakes a new arc and frees the old one.
// Where the needle stops is the visual test's (tests/scenes/scenes.visual.test.ts) and the lab's.

/** Textures of the sprites and particles under `root`. */
function shownTextures(root: Container): Texture[] {
  const own = root instanceof Sprite ? [root.texture] : root instanceof ParticleContainer ? root.particleChildren.map((p) => p.texture) : [];
  return [...own, ...root.children.flatMap((child) => shownTextures(child))];
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
    const render = (app: SceneApp) => {
      app.render();
      return liveGpuTextures(app);
    };
    const before = shownTextures(m.app.stage);
    const baseline = render(m.app);
    for (let chance = 11; chance <= 40; chance++) {
      scene.setChance(chance);
      expect(render(m.app), `GPU textures at ${chance} %`).toBe(baseline);
    }
    const after = shownTextures(m.app.stage);
    const replaced = before.filter((texture) => !after.includes(texture));
    expect(replaced, 'only the arc is baked again').toHaveLength(1);
    expect(replaced[0]!.destroyed, 'the old arc is freed').toBe(true);
    scene.setChance(40);
    expect(shownTextures(m.app.stage)).toEqual(after);
    m.dispose();
  });

  it('returns the needle to rest when the next chance is previewed after a play', async () => {
    const scene = new UpgradeScene({ chance: 40 });
    const m = await mountScene(scene, { width: 400, height: 400 });
    await m.host.play({ chance: 40, roll: 20, win: true });
    const pointer = (scene as unknown as { pointer: Container }).pointer;
    expect(pointer.rotation % (Math.PI * 2)).not.toBeCloseTo(0, 2);
    scene.setChance(45);
    expect(pointer.rotation).toBe(0);
    m.dispose();
  });
});
