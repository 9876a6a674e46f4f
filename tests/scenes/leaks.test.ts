import { describe, expect, it } from 'vitest';
import { Assets } from 'pixi.js';
import type { Scene } from '../../scenes/kit/Scene.ts';
import { SceneHost } from '../../scenes/kit/SceneHost.ts';
import { BoxOpeningScene } from '../../scenes/box-opening/BoxOpeningScene.ts';
import { DiceScene } from '../../scenes/dice/DiceScene.ts';
import { PlinkoScene } from '../../scenes/plinko/PlinkoScene.ts';
import { PlinkoPhysics } from '../../scenes/plinko/PlinkoPhysics.ts';
import { UpgradeScene } from '../../scenes/upgrade/UpgradeScene.ts';
import { BattleScene } from '../../scenes/battle/BattleScene.ts';
import { CrashScene } from '../../scenes/crash/CrashScene.ts';
import { WheelScene } from '../../scenes/wheel/WheelScene.ts';
import { storeSoundMuted } from '../../scenes/kit/SceneSound.ts';
import { liveGpuTextures, livePictureTextures, liveTweens, mountScene, SceneSwapper } from './sceneHarness.ts';

// Mount and destroy every scene 20 times, half of them in the middle of a play: afterwards no
// ticker callback, gsap tween, matter engine, GPU texture or item picture may be left.
// Item pictures are small SVGs as data: URLs, so they resolve without our server yet go through the
// scene's real loading path (an <img> decoded by loadItemTextures, uploaded when a card is baked).

const svg = (fill: string) => `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="${fill}"/></svg>`)}`;
const pictures = [svg('#3b8bff'), svg('#ffbf2e')];
const items = [
  { id: 1, name: 'Gift card', price: 10, rarity: 'uncommon', img_url: pictures[0] },
  { id: 2, name: 'Gold watch', price: 2890, rarity: 'legendary', img_url: pictures[1] },
];

interface Case {
  name: string;
  create(): Scene<unknown>;
  result: unknown;
  /** The result carries item pictures: a full play must draw them (else the texture check proves nothing). */
  pictures?: boolean;
}

const cases: Case[] = [
  {
    name: 'box-opening',
    create: () => new BoxOpeningScene({ seed: 5, spinSeconds: 0.4 }) as Scene<unknown>,
    result: { items, won: [items[1]!] },
    pictures: true,
  },
  {
    name: 'battle',
    create: () => new BattleScene({ seed: 3, spinSeconds: 0.4 }) as Scene<unknown>,
    result: {
      seats: [{ name: 'Ann', team: 0 }, { name: 'Bolt (bot)', team: 1 }, { name: 'Cy', team: 2 }],
      teams: false,
      round: 2,
      roundsTotal: 2,
      items,
      won: [items[0]!, items[1]!, items[0]!],
      totals: [20, 2900, 20],
      winners: [1],
    },
    pictures: true,
  },
  { name: 'dice', create: () => new DiceScene() as Scene<unknown>, result: { roll: 71.3, target: 50, direction: 'over', win: true, multiplier: 1.98 } },
  { name: 'upgrade', create: () => new UpgradeScene() as Scene<unknown>, result: { chance: 30, roll: 12.5, win: true } },
  {
    name: 'plinko',
    create: () => new PlinkoScene({ rows: 8, multipliers: [29, 4, 1.5, 0.3, 0.2, 0.3, 1.5, 4, 29] }) as Scene<unknown>,
    result: { path: [1, 0, 1, 1, 0, 0, 1, 0], slot: 4, multiplier: 0.2 },
  },
  {
    // A short round (about 0.8 s of flight): countdown, curve, a marker, the explosion.
    name: 'crash',
    create: () => new CrashScene({ seed: 3 }) as Scene<unknown>,
    result: { crashPoint: 1.05, countdownMs: 60, cashOuts: [{ key: 1, name: 'nova', multiplier: 1.02, mine: true }] },
  },
  // A short spin that lands on a win: ticks, the highlight and the confetti.
  { name: 'wheel', create: () => new WheelScene({ seed: 4 }) as Scene<unknown>, result: { segment: 0, spinMs: 400, win: true } },
];

describe('scene leaks', () => {
  storeSoundMuted(false);
  for (const c of cases) {
    it(`${c.name}: 20 mounts and destroys leave nothing behind`, async () => {
      // One application, scenes swapped in and out of it: whatever a scene leaves behind would
      // pile up here. Pixi pools render textures (text, filters) for reuse, so the texture count
      // may rise on the first mount but must not grow after it.
      const swapper = new SceneSwapper();
      const mounted = await mountScene(swapper, { motion: 1 });
      const { app } = mounted;
      app.render();
      const baseTicker = app.ticker.count;
      const textureCounts: number[] = [];
      for (let i = 0; i < 20; i++) {
        const scene = swapper.swap(c.create());
        expect(app.ticker.count).toBeGreaterThan(baseTicker);
        const abort = new AbortController();
        const playing = scene.play(c.result, abort.signal);
        // Tear down mid-play (the page was left), skip then tear down, or let the play finish.
        if (i % 3 === 0) {
          await new Promise((r) => setTimeout(r, 30));
          abort.abort();
        } else if (i % 3 === 1) {
          await new Promise((r) => setTimeout(r, 30));
          scene.finish();
          await playing;
        } else {
          await playing;
          if (c.pictures) {
            // The cards were baked with their pictures: the pictures are on the GPU, so destroy has GPU memory to free.
            expect(livePictureTextures(app), 'item pictures uploaded').toBeGreaterThan(0);
          }
        }
        scene.destroy();
        scene.destroy(); // idempotent
        await playing; // play() has settled
        app.render();
        expect(app.ticker.count, 'ticker callbacks').toBe(baseTicker);
        expect(liveTweens(), 'gsap tweens').toBe(0);
        expect(PlinkoPhysics.live, 'matter engines').toBe(0);
        expect(app.stage.children.length, 'stage children').toBe(0);
        textureCounts.push(liveGpuTextures(app));
      }
      // By cycle 6 every path (abort, skip, full play) has run twice and the pool is warm.
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
