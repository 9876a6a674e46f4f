import { describe, expect, it, vi } from 'vitest';
import { Rectangle, type Texture } from 'pixi.js';
import { CrashScene, type CrashRoundView } from '../../scenes/crash/CrashScene.ts';
import { chartAxes } from '../../scenes/crash/crashChart.ts';
import { crashCurve, crashMsToReach } from '../../core/games/crash.ts';
import { mountScene, pixelAt } from './sceneHarness.ts';

// The crash chart at a fixed moment (a frozen clock): the curve lies where m(t) puts it on the
// rescaled axes, in the colour of its tier, and turns red once the round has crashed; reduced
// motion draws no flight, only the number. 760 × 420 is the scene's unit size (no scaling).

const NOW = 5_000_000;
const W = 760;
const H = 420;
const plot = { x0: 58, y0: 22, x1: W - 30, y1: H - 34 };

/** Where the curve passes at `ms` when the head is at `headMs`. */
function curvePoint(ms: number, headMs: number): [number, number] {
  const axes = chartAxes(headMs, crashCurve(headMs));
  const x = plot.x0 + (ms / axes.maxMs) * (plot.x1 - plot.x0);
  const y = plot.y1 - ((crashCurve(ms) - 1) / (axes.maxMultiplier - 1)) * (plot.y1 - plot.y0);
  return [x, y];
}

const flying = (multiplier: number): CrashRoundView => ({
  roundId: 7,
  status: 'in_progress',
  startsAt: NOW - crashMsToReach(multiplier * 100),
  launchedAt: NOW - crashMsToReach(multiplier * 100),
  crashPoint: null,
  cashOuts: [],
});

const isGreen = ([r, g, b]: number[]) => g! > 150 && r! < 120 && b! > 80;
const isRed = ([r, g]: number[]) => r! > 180 && g! < 120;

describe('crash chart at a fixed moment', () => {
  it('draws the curve through m(t) in the 2x tier colour, then red at the crash', async () => {
    const scene = new CrashScene({ now: () => NOW });
    const m = await mountScene(scene, { width: W, height: H, background: 0x000000 });
    scene.setRound(flying(2));
    const head = crashMsToReach(200);
    const half = curvePoint(head / 2, head);
    expect(isGreen(pixelAt(m.app, ...half)), `curve at half time ${pixelAt(m.app, ...half)}`).toBe(true);
    // Well above the curve there is no line (the sky, perhaps a star, never the curve's green).
    expect(isGreen(pixelAt(m.app, half[0], half[1] - 60)), 'above the curve').toBe(false);
    expect(scene.multiplier).toBeCloseTo(2, 6);

    scene.setRound({ ...flying(2), status: 'ended', crashPoint: 2 }, { quiet: true });
    expect(isRed(pixelAt(m.app, ...half)), `crashed curve ${pixelAt(m.app, ...half)}`).toBe(true);
    m.dispose();
  });

  it('redraws its line for a new size into the texture the rope drew, destroying nothing still bound', async () => {
    // Destroying the line's old texture after a resize (or a step of the drawing resolution) made
    // Pixi warn "[BindGroup] a 'textureSource' was destroyed while still bound to a shader".
    const warnings: string[] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.join(' ')));
    const scene = new CrashScene({ now: () => NOW });
    const m = await mountScene(scene, { width: W, height: H, background: 0x000000 });
    scene.setRound(flying(2));
    const line = () => (scene as unknown as { curveLine: { texture: Texture } }).curveLine.texture;
    const head = crashMsToReach(200);
    expect(isGreen(pixelAt(m.app, ...curvePoint(head / 2, head))), 'the line before the resize').toBe(true);
    const [texture, source, height] = [line(), line().source, line().height];
    m.element.style.width = `${W * 1.5}px`;
    m.element.style.height = `${H * 1.5}px`;
    for (const end = performance.now() + 3000; line().height === height && performance.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    pixelAt(m.app, 0, 0); // one more frame drawn with the new line
    spy.mockRestore();
    expect(line().height, 'the line is thicker on the larger chart').toBeGreaterThan(height);
    expect(line(), 'the same texture').toBe(texture);
    expect(line().source, 'the same source, redrawn').toBe(source);
    expect(source.destroyed).toBe(false);
    expect(warnings.filter((w) => w.includes('BindGroup')), 'Pixi BindGroup warnings').toEqual([]);
    m.dispose();
  });

  it('reduced motion: the number changes, the chart shows no flight', async () => {
    const scene = new CrashScene({ now: () => NOW });
    const m = await mountScene(scene, { width: W, height: H, background: 0x000000, motion: 0 });
    scene.setRound(flying(2));
    const head = crashMsToReach(200);
    const half = curvePoint(head / 2, head);
    expect(isGreen(pixelAt(m.app, ...half)), 'no curve in flight').toBe(false);
    scene.setRound({ ...flying(2), status: 'ended', crashPoint: 2 });
    expect(isRed(pixelAt(m.app, ...half)), 'the static chart once crashed').toBe(true);
    m.dispose();
  });
});

/** The whole stage's pixels. */
function framePixels(app: Parameters<typeof pixelAt>[0]): Uint8ClampedArray | Uint8Array {
  app.render();
  return app.renderer.extract.pixels({ target: app.stage, frame: new Rectangle(0, 0, app.screen.width, app.screen.height), resolution: 1 }).pixels;
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('the sky of a flight', () => {
  it('lands where the flight time puts it, however the frames fell: a flown round and one shown crashed draw the same frame', async () => {
    // A replay's landed frame must be the same on every run (docs/transparency.md, Replay).
    let clock = NOW;
    const flown = new CrashScene({ now: () => clock });
    const a = await mountScene(flown, { width: W, height: H, background: 0x000000 });
    const launchedAt = NOW;
    const flight = crashMsToReach(240);
    flown.setRound({ roundId: 9, status: 'in_progress', startsAt: launchedAt, launchedAt, crashPoint: null, cashOuts: [] });
    // Uneven frames, as a loaded machine gives them.
    for (const step of [16, 40, 7, 250, 33, 1200, 90, 16, 3000, 500]) {
      clock = Math.min(launchedAt + flight, clock + step * 3);
      await nextFrame();
    }
    clock = launchedAt + flight + 10_000; // long enough ago that the end is not fresh: no burst
    flown.setRound({ roundId: 9, status: 'ended', startsAt: launchedAt, launchedAt, crashPoint: 2.4, cashOuts: [] });
    const flownFrame = framePixels(a.app);
    a.dispose();

    const shown = new CrashScene({ now: () => clock });
    const b = await mountScene(shown, { width: W, height: H, background: 0x000000 });
    shown.setRound({ roundId: 9, status: 'ended', startsAt: launchedAt, launchedAt, crashPoint: 2.4, cashOuts: [] }, { quiet: true });
    const shownFrame = framePixels(b.app);
    b.dispose();
    let differing = 0;
    for (let i = 0; i < flownFrame.length; i++) if (flownFrame[i] !== shownFrame[i]) differing++;
    expect(differing, 'channels that differ between the two frames').toBe(0);
  });
});
