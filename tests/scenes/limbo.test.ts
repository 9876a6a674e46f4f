import { describe, expect, it } from 'vitest';
import { LimboScene, QUICK_PLAY_S, formatMultiplier } from '../../scenes/limbo/LimboScene.ts';
import { liveTweens, mountScene, pixelAt } from './sceneHarness.ts';

// Limbo's scene: the number counts up and lands on the server's result, in the verdict's colour, and
// stays there; reduced motion draws that final frame at once; auto-bet's quick play stays short.

const isGreen = ([r, g]: number[]) => g! > 170 && r! < 120;
const isRed = ([r, g]: number[]) => r! > 200 && g! < 120;

/** The first pixel of the number's colour along its middle row, or null. */
function numberPixel(app: Parameters<typeof pixelAt>[0], width: number, y: number, test: (p: number[]) => boolean): number[] | null {
  for (let x = width * 0.2; x < width * 0.8; x += 2) {
    const p = pixelAt(app, x, y);
    if (test(p)) return p;
  }
  return null;
}

describe('limbo scene', () => {
  it('counts up to the decided result, settles on it and keeps it until the next bet', async () => {
    const scene = new LimboScene({ target: 2 });
    const mounted = await mountScene(scene, { width: 600, height: 260 });
    expect(mounted.host.phase).toBe('ready');
    const seen: number[] = [];
    const done = mounted.host.play({ result: 57.31, target: 2, win: true });
    expect(mounted.host.phase).toBe('running');
    // Mid-count the number is between 1.00 and the result.
    await new Promise((r) => setTimeout(r, 120));
    seen.push(scene.shown());
    await done;
    expect(mounted.host.phase).toBe('finished');
    expect(seen[0]).toBeGreaterThanOrEqual(1);
    expect(seen[0]).toBeLessThan(57.31);
    expect(scene.shown()).toBe(57.31);
    expect(liveTweens()).toBe(0);
    // Nothing moves it afterwards.
    await new Promise((r) => setTimeout(r, 100));
    expect(scene.shown()).toBe(57.31);
    mounted.dispose();
  });

  it('draws the final frame at once under reduced motion: green on a win, red on a loss', async () => {
    const m = await mountScene(new LimboScene(), { width: 600, height: 260, motion: 0 });
    const y = Math.round(260 * 0.44);
    await m.host.play({ result: 3.4, target: 2, win: true });
    expect(numberPixel(m.app, 600, y, isGreen), 'green number').not.toBeNull();
    expect(numberPixel(m.app, 600, y, isRed)).toBeNull();
    await m.host.play({ result: 1.37, target: 2, win: false });
    expect(numberPixel(m.app, 600, y, isRed), 'red number').not.toBeNull();
    expect(numberPixel(m.app, 600, y, isGreen)).toBeNull();
    m.dispose();
  });

  it('plays an auto-bet result quickly', async () => {
    const scene = new LimboScene();
    const mounted = await mountScene(scene);
    const started = performance.now();
    await mounted.host.play({ result: 1234.5, target: 10, win: true, quick: true });
    expect(performance.now() - started).toBeLessThan(Math.max(200, QUICK_PLAY_S * 1000 + 80));
    expect(scene.shown()).toBe(1234.5);
    expect(liveTweens()).toBe(0);
    mounted.dispose();
  });

  it('writes multipliers as the result was rounded: down to hundredths, with thousands separated', () => {
    expect(formatMultiplier(1)).toBe('1.00×');
    expect(formatMultiplier(1_000_000)).toBe('1,000,000.00×');
    expect(formatMultiplier(2.999)).toBe('2.99×');
  });
});
