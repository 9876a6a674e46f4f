import { describe, expect, it } from 'vitest';
import { DiceScene, QUICK_PLAY_S } from '../../scenes/dice/DiceScene.ts';
import { liveTweens, mountScene } from './sceneHarness.ts';

describe('dice scene', () => {
  it('animates the roll and settles on the decided value', async () => {
    const scene = new DiceScene({ target: 40, direction: 'under' });
    const mounted = await mountScene(scene);
    expect(mounted.host.phase).toBe('ready');
    const done = mounted.host.play({ roll: 23.45, target: 40, direction: 'under', win: true, multiplier: 2.475 });
    expect(mounted.host.phase).toBe('running');
    await done;
    expect(mounted.host.phase).toBe('finished');
    expect(liveTweens()).toBe(0);
    mounted.dispose();
  });

  it('plays an auto-bet roll quickly: a short slide to the decided value and the verdict', async () => {
    const scene = new DiceScene({ target: 40, direction: 'under' });
    const mounted = await mountScene(scene);
    const full = performance.now();
    await mounted.host.play({ roll: 71.2, target: 40, direction: 'under', win: false });
    const fullMs = performance.now() - full;
    const started = performance.now();
    const done = mounted.host.play({ roll: 12.5, target: 40, direction: 'under', win: true, multiplier: 2.475, quick: true });
    expect(mounted.host.phase).toBe('running');
    await done;
    const quickMs = performance.now() - started;
    expect(mounted.host.phase).toBe('finished');
    // At least five a second: the quick play is a fraction of the full one and of 200 ms.
    expect(quickMs).toBeLessThan(Math.max(200, QUICK_PLAY_S * 1000 + 80));
    expect(quickMs).toBeLessThan(fullMs / 3);
    expect(liveTweens()).toBe(0);
    mounted.dispose();
  });
});
