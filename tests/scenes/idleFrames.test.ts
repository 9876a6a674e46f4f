import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { Container, Graphics, Particle, ParticleContainer, Sprite, Text, Texture } from 'pixi.js';
import { stageChanged } from '../../scenes/kit/stageChanges.ts';
import type { SceneApp } from '../../scenes/kit/sceneApp.ts';
import { storeSoundMuted } from '../../scenes/kit/SceneSound.ts';
import { mountScene, SceneSwapper } from './sceneHarness.ts';
import { sceneCases } from './sceneCases.ts';

// A scene draws a frame only when it would differ from the last one (scenes/kit/sceneApp.ts): at
// rest no frame is drawn although the ticker runs on, and the picture at rest is never stale, i.e.
// it equals a frame drawn on demand. stageChanged reads Pixi's own queues, so it is also held to
// the Pixi version we ship, change by change.

const frames = (n: number) =>
  new Promise<void>((resolve) => {
    let left = n;
    const step = () => (--left <= 0 ? resolve() : requestAnimationFrame(step));
    requestAnimationFrame(step);
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the ticker ran `quietTicks` times and at least `quietMs` with no frame drawn; false if
 * that never happened within `limitMs`. Ticks, not only time: on a busy machine Chromium can hold
 * its animation frames back for longer than `quietMs`, and a scene whose confetti still flies draws
 * nothing while no frame comes — a pause of the clock, not rest.
 */
async function settles(app: SceneApp, quietTicks = 24, quietMs = 400, limitMs = 10_000): Promise<boolean> {
  const end = performance.now() + limitMs;
  let ticks = 0;
  const count = () => void ticks++;
  app.ticker.add(count);
  try {
    let drawn = app.framesDrawn;
    let since = { at: performance.now(), ticks };
    while (performance.now() < end) {
      await sleep(50);
      if (app.framesDrawn !== drawn) {
        drawn = app.framesDrawn;
        since = { at: performance.now(), ticks };
      } else if (ticks - since.ticks >= quietTicks && performance.now() - since.at >= quietMs) return true;
    }
    return false;
  } finally {
    app.ticker.remove(count);
  }
}

describe('stageChanged follows what Pixi queues for its next render', () => {
  it('is false after a render and true after each kind of change', async () => {
    const swapper = new SceneSwapper();
    const m = await mountScene(swapper);
    const { app } = m;
    const group = new Container({ isRenderGroup: true });
    const sprite = new Sprite(Texture.WHITE);
    const shape = new Graphics().rect(0, 0, 10, 10).fill(0xffffff);
    const label = new Text({ text: 'a' });
    const nested = new Sprite(Texture.WHITE);
    group.addChild(nested);
    app.stage.addChild(sprite, shape, label, group);
    const drawn = () => {
      app.renderer.render({ container: app.stage });
      return stageChanged(app.stage);
    };
    expect(stageChanged(app.stage), 'children added').toBe(true);
    expect(drawn(), 'after a render').toBe(false);
    sprite.x = 5;
    expect(stageChanged(app.stage), 'a sprite moved').toBe(true);
    expect(drawn()).toBe(false);
    sprite.x = 5;
    expect(stageChanged(app.stage), 'the same position again').toBe(false);
    sprite.alpha = 0.5;
    expect(stageChanged(app.stage), 'alpha').toBe(true);
    drawn();
    sprite.tint = 0xff0000;
    expect(stageChanged(app.stage), 'tint').toBe(true);
    drawn();
    shape.clear().circle(5, 5, 5).fill(0xff0000);
    expect(stageChanged(app.stage), 'a graphics redrawn').toBe(true);
    drawn();
    label.text = 'b';
    expect(stageChanged(app.stage), 'a text set').toBe(true);
    drawn();
    nested.rotation = 1;
    expect(stageChanged(app.stage), 'inside a nested render group').toBe(true);
    drawn();
    shape.visible = false;
    expect(stageChanged(app.stage), 'visibility').toBe(true);
    drawn();
    app.stage.removeChild(label);
    expect(stageChanged(app.stage), 'a child removed').toBe(true);
    drawn();
    // What Pixi does not queue, and scenes therefore report themselves (SceneLifecycle.animating).
    const layer = new ParticleContainer({ dynamicProperties: { position: true } });
    const dot = new Particle(Texture.WHITE);
    layer.addParticle(dot);
    app.stage.addChild(layer);
    drawn();
    dot.x = 20;
    expect(stageChanged(app.stage), 'a particle moved').toBe(false);
    m.dispose();
  });
});

describe('scenes draw no frame at rest, and the picture at rest is current', () => {
  storeSoundMuted(true);
  for (const c of sceneCases) {
    it(`${c.name}: plays, comes to rest, draws nothing more, and a drawn-on-demand frame matches`, async () => {
      const m = await mountScene(c.create(), { width: 600, height: 300 });
      const { app } = m;
      const before = app.framesDrawn;
      await m.host.play(c.result);
      expect(app.framesDrawn - before, 'frames drawn during the play').toBeGreaterThan(0);
      expect(await settles(app), 'the scene comes to rest after its play').toBe(true);

      let ticks = 0;
      const count = () => void ticks++;
      app.ticker.add(count);
      const atRest = app.framesDrawn;
      await frames(20);
      app.ticker.remove(count);
      expect(ticks, 'the ticker ran').toBeGreaterThanOrEqual(20);
      expect(app.framesDrawn, 'frames drawn at rest').toBe(atRest);

      // The frame on screen at rest is the frame of the scene's current state.
      const canvas = m.element.querySelector('canvas')!;
      const shown = await page.screenshot({ element: canvas, save: false });
      app.invalidate();
      await frames(3);
      expect(app.framesDrawn, 'the forced frame was drawn').toBeGreaterThan(atRest);
      const forced = await page.screenshot({ element: canvas, save: false });
      expect(shown === forced, 'the picture at rest equals a frame drawn on demand').toBe(true);

      // A resize draws again.
      const drawnBeforeResize = app.framesDrawn;
      m.element.style.width = '500px';
      await frames(5);
      expect(app.framesDrawn, 'a frame after a resize').toBeGreaterThan(drawnBeforeResize);
      m.dispose();
    });
  }
});

describe('a round scene nobody has acted on (scenes/kit/viewerActs.ts)', () => {
  it('draws at most its idle frame rate until the viewer acts on the page, then every changed frame', async () => {
    const swapper = new SceneSwapper();
    const { app } = await mountScene(swapper, { idleFrameRate: 10 });
    const sprite = new Sprite(Texture.WHITE);
    app.stage.addChild(sprite);
    let ticks = 0;
    const move = () => {
      ticks++;
      sprite.x = (sprite.x + 1) % 100; // a change every frame, as a flying round's
    };
    app.ticker.add(move);
    const count = async (ms: number) => {
      const [drawn0, ticks0, start] = [app.framesDrawn, ticks, performance.now()];
      await sleep(ms);
      return { drawn: app.framesDrawn - drawn0, ticks: ticks - ticks0, seconds: (performance.now() - start) / 1000 };
    };
    const idle = await count(1000);
    expect(idle.drawn).toBeLessThanOrEqual(Math.ceil(idle.seconds * 10) + 1);
    expect(idle.drawn).toBeGreaterThanOrEqual(3);
    expect(idle.ticks).toBeGreaterThan(idle.drawn);
    window.dispatchEvent(new PointerEvent('pointerdown'));
    await frames(2);
    const acted = await count(500);
    expect(acted.drawn).toBeGreaterThanOrEqual(acted.ticks - 1);
    app.ticker.remove(move);
  });
});

