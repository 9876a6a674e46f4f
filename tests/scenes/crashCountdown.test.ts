import { describe, expect, it } from 'vitest';
import { CrashScene, type CrashRoundView } from '../../scenes/crash/CrashScene.ts';
import { mountScene } from './sceneHarness.ts';

// The live crash page shows the countdown between rounds for most of a minute; every frame drawn
// costs the main thread a wait for the GPU. The countdown is drawn 20 times a second (its number
// changes 10 times a second), the flight every frame. The ticker is driven by hand on a fixed clock.

const NOW = 5_000_000;
const FRAME_MS = 1000 / 60;

describe('crash scene frames', () => {
  it('draws the countdown 20 times a second with the right number, and the flight every frame', async () => {
    let now = NOW;
    const scene = new CrashScene({ now: () => now });
    const m = await mountScene(scene, { width: 760, height: 420, background: 0x000000 });
    m.app.ticker.stop();
    let time = performance.now();
    const second = () => {
      const before = m.app.framesDrawn;
      for (let i = 0; i < 60; i++) {
        now += FRAME_MS;
        m.app.ticker.update((time += FRAME_MS));
      }
      return m.app.framesDrawn - before;
    };
    const countdown: CrashRoundView = { roundId: 1, status: 'starting', startsAt: NOW + 5000, launchedAt: null, crashPoint: null, cashOuts: [] };
    scene.setRound(countdown);
    const drawn = second();
    expect(drawn).toBeGreaterThanOrEqual(19);
    expect(drawn).toBeLessThanOrEqual(21);
    expect((scene as unknown as { big: { text: string } }).big.text).toBe('4.0s');

    scene.setRound({ ...countdown, status: 'in_progress', launchedAt: now });
    expect(second()).toBe(60);
    m.dispose();
  });
});
