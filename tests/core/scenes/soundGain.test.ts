import { describe, expect, it } from 'vitest';
import { busVolume, heardGain, masterGain, sliderGain } from '../../../scenes/kit/soundGain.ts';
import { BIG_WIN_MUSIC_SECONDS, synthesizeMusic } from '../../../scenes/kit/bigWinMusic.ts';

// The sound settings' gain math (docs/scenes.md, "Sound"): a slider's position squared, master as
// Howler's global volume, a bus multiplying each sound's own level, muted always silent.

const volumes = { master: 0.5, effects: 1, music: 0.5 };

describe('sound gains', () => {
  it('a slider is its position squared, within 0 and 1', () => {
    expect(sliderGain(0)).toBe(0);
    expect(sliderGain(1)).toBe(1);
    expect(sliderGain(0.5)).toBe(0.25);
    expect(sliderGain(0.8)).toBeCloseTo(0.64);
    expect(sliderGain(-1)).toBe(0);
    expect(sliderGain(2)).toBe(1);
    expect(sliderGain(Number.NaN)).toBe(0);
  });

  it('master is the master slider, nothing while muted', () => {
    expect(masterGain(volumes, false)).toBe(0.25);
    expect(masterGain(volumes, true)).toBe(0);
    expect(masterGain({ ...volumes, master: 1 }, true)).toBe(0);
  });

  it("a bus multiplies a sound's own level; what is heard is master × bus × level", () => {
    expect(busVolume(volumes, 'effects')).toBe(1);
    expect(busVolume(volumes, 'effects', 0.4)).toBeCloseTo(0.4);
    expect(busVolume(volumes, 'music')).toBe(0.25);
    expect(busVolume(volumes, 'music', 0.5)).toBe(0.125);
    expect(busVolume({ ...volumes, effects: 0 }, 'effects', 0.9)).toBe(0);
    expect(heardGain(volumes, false, 'music', 0.5)).toBeCloseTo(0.25 * 0.125);
    expect(heardGain(volumes, true, 'effects')).toBe(0);
  });
});

describe('big-win music', () => {
  it('the fanfare is about 2.4 s and its sting (reduced motion) its last chord, 1.1 s; both stay within full scale and are not silent', () => {
    expect(BIG_WIN_MUSIC_SECONDS.fanfare).toBeCloseTo(2.42, 2);
    expect(BIG_WIN_MUSIC_SECONDS.sting).toBeCloseTo(1.1, 2);
    const fanfare = synthesizeMusic([{ at: 0, length: 0.5, freqs: [523.25, 659.25], gain: 0.3 }]);
    const peak = fanfare.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(0.2);
    expect(peak).toBeLessThanOrEqual(1);
  });
});
