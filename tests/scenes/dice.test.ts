import { describe, expect, it } from 'vitest';
import { DiceScene, QUICK_PLAY_S } from '../../scenes/dice/DiceScene.ts';
import { diceTuning } from '../../scenes/dice/tuning.ts';
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
    // A bare timer of the quick play's length, started with it: how late this page's timers run
    // now (the suite shares two cores), which the scene's own ending must not add much to.
    const started = performance.now();
    const bare = new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), QUICK_PLAY_S * 1000));
    const done = mounted.host.play({ roll: 12.5, target: 40, direction: 'under', win: true, multiplier: 2.475, quick: true });
    expect(mounted.host.phase).toBe('running');
    await done;
    const ended = performance.now();
    const quickMs = ended - started;
    expect(mounted.host.phase).toBe('finished');
    // At least five a second: the quick play lasts its QUICK_PLAY_S (at most 200 ms with its
    // ending), ends at most 80 ms after the bare timer, and is a fraction of the full play.
    expect(QUICK_PLAY_S * 1000 + 80).toBeLessThanOrEqual(200);
    expect(ended - (await bare)).toBeLessThan(80);
    expect(quickMs).toBeLessThan(fullMs / 3);
    expect(liveTweens()).toBe(0);
    mounted.dispose();
  });

  it('a roll during the slide cuts it to its settled value, starts from there and lands on the newest; Instant has no slide', async () => {
    const scene = new DiceScene({ target: 40, direction: 'under' });
    // What the scene draws: the marker's value and its label, the verdict (private display state).
    const drawn = scene as unknown as { rollValue: number; rollText: { text: string }; verdict: { text: string } };
    const mounted = await mountScene(scene);
    const first = mounted.host.play({ roll: 80, target: 40, direction: 'under', win: false });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const second = mounted.host.play({ roll: 10.5, target: 40, direction: 'under', win: true, multiplier: 2.475 });
    await first;
    // The first play ended on its own settled roll, where the second slide starts.
    expect(drawn.rollValue).toBe(80);
    expect(mounted.host.phase).toBe('running');
    await second;
    expect(drawn.rollValue).toBe(10.5);
    expect(drawn.rollText.text).toBe('10.50');
    expect(drawn.verdict.text).toBe('WIN ×2.48');
    // Instant: the final frame at once, sooner than the full play's first step (the lift).
    const started = performance.now();
    await mounted.host.play({ roll: 55.25, target: 40, direction: 'under', win: false, instant: true });
    expect(performance.now() - started).toBeLessThan(diceTuning.values.liftSeconds * 1000);
    expect(liveTweens()).toBe(0);
    expect(drawn.rollText.text).toBe('55.25');
    expect(drawn.verdict.text).toBe('LOSE');
    mounted.dispose();
  });
});
