import { describe, expect, it } from 'vitest';
import { FLOOR, MIN_RESOLUTION, ResolutionGovernor, SLOW_FRAME_MS, STEP } from '../../../scenes/kit/resolutionGovernor.ts';

// Dynamic resolution (docs/scenes.md): slow back-to-back frames lower the drawing resolution, a
// step per second of them, down to a floor; frames on time never do, and one hitch cannot.
const feed = (governor: ResolutionGovernor, intervals: number[]) => intervals.map((ms) => governor.sample(ms)).filter((r) => r !== null);
const repeat = (ms: number, count: number) => Array.from({ length: count }, () => ms);

describe('ResolutionGovernor', () => {
  it('keeps the resolution while frames come at 60 Hz, for as long as they do', () => {
    const governor = new ResolutionGovernor(2);
    expect(feed(governor, repeat(1000 / 60, 600))).toEqual([]);
    expect(governor.current).toBe(2);
  });

  it('steps down once a second of slow frames has a slow median, and again for the next second', () => {
    const governor = new ResolutionGovernor(2);
    const slow = 34; // 30 fps: under the 45 fps line
    // Under a second of slow frames: no step yet.
    expect(feed(governor, repeat(slow, 29))).toEqual([]);
    expect(feed(governor, repeat(slow, 1))).toEqual([2 * STEP]);
    expect(governor.current).toBe(2 * STEP);
    expect(feed(governor, repeat(slow, 30))).toEqual([2 * STEP * STEP]);
  });

  it('judges by the median: a few long frames among frames on time do not step down', () => {
    const governor = new ResolutionGovernor(1);
    const second = [...repeat(1000 / 60, 50), ...repeat(200, 5)];
    expect(feed(governor, [...second, ...second])).toEqual([]);
    expect(governor.current).toBe(1);
  });

  it('needs enough frames: a device drawing 5 frames a second waits for 20 of them', () => {
    const governor = new ResolutionGovernor(2);
    expect(feed(governor, repeat(200, 19))).toEqual([]);
    expect(feed(governor, repeat(200, 1))).toEqual([2 * STEP]);
  });

  it('stops at the floor, however slow the frames stay', () => {
    const governor = new ResolutionGovernor(2);
    const steps = feed(governor, repeat(100, 400));
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.at(-1)).toBe(2 * FLOOR);
    expect(governor.current).toBe(2 * FLOOR);
    expect(Math.min(...steps)).toBe(2 * FLOOR);
  });

  it('keeps small text readable: a device drawing at one pixel per CSS pixel stops at MIN_RESOLUTION', () => {
    const governor = new ResolutionGovernor(1);
    expect(feed(governor, repeat(100, 400))).toEqual([MIN_RESOLUTION]);
    expect(governor.current).toBe(MIN_RESOLUTION);
    // One that starts under it never steps.
    const low = new ResolutionGovernor(0.5);
    expect(feed(low, repeat(100, 400))).toEqual([]);
  });

  it('ignores intervals that are not a positive number of milliseconds', () => {
    const governor = new ResolutionGovernor(1);
    expect(feed(governor, [...repeat(0, 100), ...repeat(-5, 100), ...repeat(Number.NaN, 100)])).toEqual([]);
    expect(SLOW_FRAME_MS).toBeGreaterThan(1000 / 60);
  });
});
