import type { SoundVolumes } from './soundVolumes.ts';

// The gain math of the sound settings (docs/scenes.md, "Sound"). A slider's position is not its
// gain: loudness follows amplitude roughly as its 0.6th power, so a linear slider does nearly all
// of its quietening in its last quarter. The gain is the position squared: the middle of a slider
// plays at a quarter of the amplitude (-12 dB), about half as loud, and each step of the slider is
// heard as a step. Master is Howler's global volume; effects and music multiply each sound's own
// volume (its cue's level from the scene's tuning) on its bus. Muted is silence whatever the sliders.

export type SoundBus = 'effects' | 'music';

const unit = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** A slider's position (0–1) as an amplitude gain (0–1). */
export const sliderGain = (position: number): number => unit(position) ** 2;

/** Howler's global volume: the master slider's gain, 0 while muted. */
export const masterGain = (volumes: SoundVolumes, muted: boolean): number => (muted ? 0 : sliderGain(volumes.master));

/** A sound's own volume on its bus: its level (the cue's, 1 unless the scene says) times the bus slider's gain. */
export const busVolume = (volumes: SoundVolumes, bus: SoundBus, level = 1): number => unit(level) * sliderGain(volumes[bus]);

/** What the player hears of a sound at `level` on `bus`: master × bus × level, 0 while muted. */
export const heardGain = (volumes: SoundVolumes, muted: boolean, bus: SoundBus, level = 1): number => masterGain(volumes, muted) * busVolume(volumes, bus, level);
