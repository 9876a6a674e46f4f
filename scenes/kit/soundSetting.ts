// The player's muted setting, in localStorage so it survives reloads. Apart from SceneSound (and
// howler) because the header's mute control is in every page's first load.

export const SOUND_MUTED_KEY = 'scenes.soundMuted';

export function readSoundMuted(): boolean {
  try {
    return globalThis.localStorage?.getItem(SOUND_MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

export function storeSoundMuted(muted: boolean): void {
  try {
    globalThis.localStorage?.setItem(SOUND_MUTED_KEY, muted ? '1' : '0');
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}
