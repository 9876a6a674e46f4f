import { afterEach, describe, expect, it } from 'vitest';
import { FrameRateWatch, measuredSlow, MIN_FPS, resetMeasuredFrameRate } from '../../../scenes/kit/frameRateWatch.ts';
import { motionFrom, type MotionInputs } from '../../../scenes/kit/motion.ts';

const device: MotionInputs = { prefersReducedMotion: false, playerChoice: null, webgl: true, deviceMemoryGiB: 8, measuredSlow: false };

afterEach(() => resetMeasuredFrameRate());

describe('motionFrom', () => {
  it('is full on a capable device and reduced for each reason to reduce', () => {
    expect(motionFrom(device)).toBe(1);
    expect(motionFrom({ ...device, prefersReducedMotion: true })).toBe(0);
    expect(motionFrom({ ...device, playerChoice: 'reduced' })).toBe(0);
    expect(motionFrom({ ...device, webgl: false })).toBe(0);
    expect(motionFrom({ ...device, deviceMemoryGiB: 1 })).toBe(0);
    expect(motionFrom({ ...device, measuredSlow: true })).toBe(0);
    expect(motionFrom({ ...device, deviceMemoryGiB: undefined })).toBe(1);
  });

  it("lets a player's choice of full motion overrule the device guesses, not the OS setting or missing WebGL", () => {
    const full = { ...device, playerChoice: 'full' } as const;
    expect(motionFrom({ ...full, measuredSlow: true, deviceMemoryGiB: 1 })).toBe(1);
    expect(motionFrom({ ...full, prefersReducedMotion: true })).toBe(0);
    expect(motionFrom({ ...full, webgl: false })).toBe(0);
  });
});

describe('FrameRateWatch', () => {
  const feed = (watch: FrameRateWatch, interval: number, frames: number) => {
    const verdicts = [];
    for (let i = 0; i < frames; i++) verdicts.push(watch.sample(interval));
    return verdicts.filter(Boolean);
  };

  it('judges once, after 2 s of play, by the median frame rate', () => {
    const watch = new FrameRateWatch();
    const slowInterval = 1000 / (MIN_FPS - 4);
    // Under 2 s of frames: no verdict yet.
    expect(feed(watch, slowInterval, Math.floor(1900 / slowInterval))).toEqual([]);
    expect(measuredSlow()).toBe(false);
    expect(feed(watch, slowInterval, 10)).toEqual(['slow']);
    expect(measuredSlow()).toBe(true);
    // One verdict only.
    expect(feed(watch, slowInterval, 200)).toEqual([]);
  });

  it('is not swayed by a few long frames (texture uploads) on a device that keeps 60 fps', () => {
    const watch = new FrameRateWatch();
    for (let i = 0; i < 3; i++) watch.sample(300);
    expect(feed(watch, 1000 / 60, 300)).toEqual([]);
    expect(measuredSlow()).toBe(false);
  });

  it('still judges a device that draws only a few frames a second', () => {
    const watch = new FrameRateWatch();
    expect(feed(watch, 250, 11)).toEqual([]); // 2.75 s but fewer than 12 frames
    expect(feed(watch, 250, 1)).toEqual(['slow']);
  });

  it('ignores empty or broken intervals', () => {
    const watch = new FrameRateWatch();
    expect(feed(watch, 0, 500)).toEqual([]);
    expect(feed(watch, Number.NaN, 500)).toEqual([]);
    expect(measuredSlow()).toBe(false);
  });
});
