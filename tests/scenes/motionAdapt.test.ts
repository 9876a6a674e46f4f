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
