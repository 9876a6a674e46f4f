import { describe, expect, it } from 'vitest';
import { CrashScene, type CrashRoundView } from '../../scenes/crash/CrashScene.ts';
import { mountScene } from './sceneHarness.ts';

// The live crash page shows its rounds to spectators for minutes on end, and every frame drawn costs
// the main thread a wait for the GPU. The countdown is drawn 20 times a second (its number changes
// 10 times a second); a live flight 30 times a second to a spectator, every frame to the viewer's own
// bet and to a replay. The ticker is driven by hand on a fixed clock.

const NOW = 5_000_000;
const FRAME_MS = 1000 / 60;

describe('crash scene frames', () => {
  it('draws the countdown 20 times a second, a spectator’s flight 30, the viewer’s bet and a replay every frame', async () => {
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
    // Each count may include the frame of the setRound just before it.
    const within = (drawn: number, low: number, high: number, what: string) => {
      expect(drawn, what).toBeGreaterThanOrEqual(low);
      expect(drawn, what).toBeLessThanOrEqual(high);
    };
    within(second(), 19, 21, 'the countdown');
    expect((scene as unknown as { big: { text: string } }).big.text).toBe('4.0s');

    const flight: CrashRoundView = { ...countdown, status: 'in_progress', launchedAt: now };
    scene.setRound(flight);
    within(second(), 30, 31, 'a spectator');

    const bet = new AbortController();
    const settled = scene.play({ bet: { roundId: 1, key: 'mine' } }, bet.signal);
    expect(second(), 'the viewer’s bet').toBe(60);
    bet.abort();
    await settled;

    scene.setRound({ ...flight, roundId: 'replay-1' });
    expect(second(), 'a replay').toBe(60);
    m.dispose();
  });
});
