import { tell, SOUND_VOLUMES_KEY } from './soundSetting.ts';

// The master, effects and music volumes of the sound settings (docs/scenes.md, "Sound"), kept on
// this device beside the muted setting (soundSetting.ts, whose listeners are told of a change).
// Read by the settings popover and by SceneSound, never by a page's first load.

/** Slider positions, 0 (silent) to 1 (full); soundGain.ts turns them into gains. */
export interface SoundVolumes {
  master: number;
  /** The scenes' cues: reels, pegs, the rocket's engine, wins and losses. */
  effects: number;
  /** Music: the big-win fanfare. */
  music: number;
}

export const DEFAULT_SOUND_VOLUMES: Readonly<SoundVolumes> = { master: 1, effects: 1, music: 0.8 };

const position = (value: unknown, fallback: number) => (typeof value === 'number' && value >= 0 && value <= 1 ? value : fallback);

/** The stored volumes; a missing or broken value is its default. */
export function readSoundVolumes(): SoundVolumes {
  let stored: Partial<Record<keyof SoundVolumes, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(SOUND_VOLUMES_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed;
  } catch {
    // Unreadable: the defaults.
  }
  return clean(stored);
}

/** Each volume a number from 0 to 1, else its default. */
const clean = (v: Partial<Record<keyof SoundVolumes, unknown>>): SoundVolumes => {
  const d = DEFAULT_SOUND_VOLUMES;
  return { master: position(v.master, d.master), effects: position(v.effects, d.effects), music: position(v.music, d.music) };
};

export function storeSoundVolumes(volumes: SoundVolumes): void {
  try {
    globalThis.localStorage?.setItem(SOUND_VOLUMES_KEY, JSON.stringify(clean(volumes)));
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
  tell();
}
