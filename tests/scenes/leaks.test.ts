import { describe, expect, it } from 'vitest';
import { Assets } from 'pixi.js';
import { SceneHost } from '../../scenes/kit/SceneHost.ts';
import { DiceScene } from '../../scenes/dice/DiceScene.ts';
import { PlinkoPhysics } from '../../scenes/plinko/PlinkoPhysics.ts';
import { storeSoundMuted } from '../../scenes/kit/SceneSound.ts';
import { liveGpuTextures, liveCanvasTextures, liveTweens, mountScene, SceneSwapper } from './sceneHarness.ts';
import { pictures, sceneCases as cases } from './sceneCases.ts';

// Mount and destroy every scene 12 times, most of them in the middle of a play: after each no
// ticker callback, gsap tween, plinko board or stage child may be left, and after the last no GPU
// texture beyond the warm pool or item picture. Each path (abort, skip, full play) runs before the
// pool is counted warm (after cycle 5) and twice after it: a leak of one per mount shows as growth
// over those six. Full plays take seconds where the others take a frame or two, so the first six
// cycles hold one of them, not two: the pool is warm after one (every full play draws the same result).
const PATHS = ['abort', 'skip', 'full', 'abort', 'skip', 'abort', 'abort', 'skip', 'full', 'skip', 'abort', 'full'] as const;

describe('scene leaks', () => {
  storeSoundMuted(false);
  for (const c of cases) {
    it(`${c.name}: 12 mounts and destroys leave nothing behind`, async () => {
      // One application, scenes swapped in and out of it: whatever a scene leaves behind would
      // pile up here. Pixi pools render textures (text, filters) for reuse, so the texture count
      // may rise on the first mount but must not grow after it.
      const swapper = new SceneSwapper();
      const mounted = await mountScene(swapper, { motion: 1 });
      const { app } = mounted;
      app.render();
      const baseTicker = app.ticker.count;
      const textureCounts: number[] = [];
      for (const path of PATHS) {
        const scene = swapper.swap(c.create());
        expect(app.ticker.count).toBeGreaterThan(baseTicker);
        const abort = new AbortController();
        const playing = scene.play(c.result, abort.signal);
        // Tear down mid-play (the page was left), skip then tear down, or let the play finish.
        if (path === 'abort') {
          await new Promise((r) => setTimeout(r, 30));
          abort.abort();
        } else if (path === 'skip') {
          await new Promise((r) => setTimeout(r, 30));
          scene.finish();
          await playing;
        } else {
          await playing;
          if (c.pictures) {
            // The cards were baked with their pictures into a canvas sheet on the GPU, so destroy has GPU memory to free.
            expect(liveCanvasTextures(app), 'card sheet uploaded').toBeGreaterThan(0);
          }
        }
        scene.destroy();
        scene.destroy(); // idempotent
        await playing; // play() has settled
        app.render();
        expect(app.ticker.count, 'ticker callbacks').toBe(baseTicker);
        expect(liveTweens(), 'gsap tweens').toBe(0);
        expect(PlinkoPhysics.live, 'plinko boards').toBe(0);
        expect(app.stage.children.length, 'stage children').toBe(0);
        textureCounts.push(liveGpuTextures(app));
      }
      // By cycle 6 every path (abort, skip, full play) has run and the pool is warm.
      expect(textureCounts.at(-1), `GPU textures per cycle: ${textureCounts.join(',')}`).toBeLessThanOrEqual(textureCounts[5]!);
      mounted.dispose();
      expect(mounted.element.querySelector('canvas')).toBeNull();
      for (const url of pictures) expect(Assets.cache.has(url), 'item picture in a shared cache').toBe(false);
    });
  }

  it('a host disposed while Pixi is still initialising never mounts (StrictMode double mount)', async () => {
    const element = document.createElement('div');
    element.style.cssText = 'width:300px;height:200px';
    document.body.appendChild(element);
    const scene = new DiceScene();
    let mountedCalls = 0;
    const mount = scene.mount.bind(scene);
    scene.mount = (env) => {
      mountedCalls++;
      mount(env);
    };
    const first = new SceneHost(element, scene, { motion: 1 });
    first.dispose(); // StrictMode: unmount right after the first mount
    const second = new SceneHost(element, new DiceScene(), { motion: 1 });
    expect(await first.whenReady()).toBe(false);
    expect(await second.whenReady()).toBe(true);
    expect(mountedCalls).toBe(0);
    expect(element.querySelectorAll('canvas')).toHaveLength(1);
    await first.play({ roll: 1, target: 50, direction: 'under', win: true }); // settles, does nothing
    second.dispose();
    expect(element.querySelectorAll('canvas')).toHaveLength(0);
    element.remove();
  });
});
