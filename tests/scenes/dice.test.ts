import { describe, expect, it } from 'vitest';
import { DiceScene } from '../../scenes/dice/DiceScene.ts';
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
});
