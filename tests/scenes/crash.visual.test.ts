import { describe, expect, it } from 'vitest';
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
