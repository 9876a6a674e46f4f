import { afterEach, describe, expect, it } from 'vitest';
import type { SceneApp } from '../../scenes/kit/sceneApp.ts';
import { PlinkoScene, type PlinkoResult } from '../../scenes/plinko/PlinkoScene.ts';
import { measuredSlow, resetMeasuredFrameRate } from '../../scenes/kit/frameRateWatch.ts';
import { detectMotion, MOTION_SETTING_KEY } from '../../scenes/kit/motion.ts';
import { mountScene } from './sceneHarness.ts';

// A device that draws under 24 fps while a scene plays takes the reduced path from the next play
// on, and later scenes start reduced (docs/scenes.md: low frame rate). Frames are made slow for real:
// a ticker callback holds each frame for 60 ms (about 16 fps), so the watch sees true intervals.

// 16 rows: a ball falls for about 3 s (docs/scenes.md, plinko pacing), longer than the watch's 2 s window.
const ball: PlinkoResult = { path: [1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0], slot: 8, multiplier: 0.5 };

function slowFrames(app: SceneApp): void {
  app.ticker.add(() => {
    const until = performance.now() + 60;
    while (performance.now() < until) {
      // hold the frame: a device this slow draws about 16 frames a second
    }
  });
}

afterEach(() => {
  resetMeasuredFrameRate();
  localStorage.removeItem(MOTION_SETTING_KEY);
});

describe('motion adapts to a slow device', () => {
  it('a detected motion turns reduced after a play at under 24 fps, for the next play and later scenes', async () => {
    const mounted = await mountScene(new PlinkoScene({ rows: 16 }), { width: 500, height: 500, adaptive: true });
    slowFrames(mounted.app);
    expect(mounted.host.motion).toBe(1);
    await mounted.host.play(ball); // the ball's 3 s fall fills the watch's 2 s window
    expect(mounted.host.motion).toBe(0);
    expect(measuredSlow()).toBe(true);
    // The next ball lands at once: reduced motion shows the result without the fall.
    const started = performance.now();
    await mounted.host.play(ball);
    expect(performance.now() - started).toBeLessThan(500);
    // A scene the page mounts next starts reduced (unless the OS or the player says otherwise).
    expect(detectMotion()).toBe(0);
    mounted.dispose();
  });

  it('a player who chose full motion keeps it on a slow device', async () => {
    localStorage.setItem(MOTION_SETTING_KEY, '0');
    const mounted = await mountScene(new PlinkoScene({ rows: 16 }), { width: 500, height: 500, adaptive: true });
    slowFrames(mounted.app);
    await mounted.host.play(ball);
    expect(measuredSlow()).toBe(true);
    expect(mounted.host.motion).toBe(1);
    expect(detectMotion()).toBe(1);
    mounted.dispose();
  });

  it('a motion the caller chose (scene lab, tests) does not adapt', async () => {
    const mounted = await mountScene(new PlinkoScene({ rows: 16 }), { width: 500, height: 500, adaptive: false });
    slowFrames(mounted.app);
    await mounted.host.play(ball);
    expect(mounted.host.motion).toBe(1);
    expect(measuredSlow()).toBe(false);
    mounted.dispose();
  });
});

// Dynamic resolution (scenes/kit/resolutionGovernor.ts): the game pages' scenes draw at a lower
// resolution once their frames come slowly; the scene lab and the visual baselines keep it fixed.
describe('dynamic resolution', () => {
  it('a scene drawn at about 16 fps steps its resolution down while it plays, and draws on at the new size', async () => {
    // 501 × 499: at 0.75 neither is a whole number of pixels (375.75, 374.25).
    const mounted = await mountScene(new PlinkoScene({ rows: 16 }), { width: 501, height: 499, adaptiveResolution: true });
    const start = mounted.app.renderer.resolution;
    slowFrames(mounted.app);
    const drawnBefore = mounted.app.framesDrawn;
    await mounted.host.play(ball); // a 3 s fall: a step per second of slow frames
    expect(mounted.app.renderer.resolution).toBeLessThan(start);
    expect(mounted.app.renderer.resolution).toBeGreaterThanOrEqual(start / 2);
    expect(mounted.app.canvas.width).toBe(Math.round(501 * mounted.app.renderer.resolution));
    // The canvas keeps its element's size on the page (the rounded pixels do not grow it), and the
    // scene's layout does not change.
    const box = mounted.app.canvas.getBoundingClientRect();
    expect([box.width, box.height]).toEqual([501, 499]);
    expect(Math.round(mounted.app.screen.width)).toBe(501);
    expect(mounted.app.framesDrawn).toBeGreaterThan(drawnBefore);
    // The motion is the caller's (not adaptive): only the resolution adapted.
    expect(mounted.host.motion).toBe(1);
    mounted.dispose();
  });

  it('a fixed resolution stays, however slow the frames', async () => {
    const mounted = await mountScene(new PlinkoScene({ rows: 16 }), { width: 500, height: 500, adaptiveResolution: false });
    const start = mounted.app.renderer.resolution;
    slowFrames(mounted.app);
    await mounted.host.play(ball);
    expect(mounted.app.renderer.resolution).toBe(start);
    expect(mounted.app.canvas.width).toBe(Math.round(500 * start));
    mounted.dispose();
  });

  it('a still scene keeps its resolution: idle ticks are not frames', async () => {
    const mounted = await mountScene(new PlinkoScene({ rows: 16 }), { width: 500, height: 500, adaptiveResolution: true });
    const start = mounted.app.renderer.resolution;
    slowFrames(mounted.app);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(mounted.app.renderer.resolution).toBe(start);
    mounted.dispose();
  });
});
