// The player's sound settings on this device (docs/scenes.md, "Sound"): muted here, and the master,
// effects and music volumes in soundVolumes.ts, in localStorage so they survive reloads. Apart from
// SceneSound (and howler) because the header's sound control is in every page's first load (the
// volumes are not: only the settings popover and the scenes read them). A change here is told
// to every listener of this page (the header's icon, each scene's SceneSound) and, through the
// browser's `storage` event, to the shop's other tabs.

export const SOUND_MUTED_KEY = 'scenes.soundMuted';
export const SOUND_VOLUMES_KEY = 'scenes.soundVolumes';

export function readSoundMuted(): boolean {
  try {
    return globalThis.localStorage?.getItem(SOUND_MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

const listeners = new Set<() => void>();
/** Tells every listener that a setting changed (soundVolumes.ts calls it after storing the volumes). */
export const tell = (): void => {
  for (const listener of listeners) listener();
};

export function storeSoundMuted(muted: boolean): void {
  try {
    globalThis.localStorage?.setItem(SOUND_MUTED_KEY, muted ? '1' : '0');
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
  tell();
}

const fromOtherTab = (event: StorageEvent) => {
  if (event.key === SOUND_MUTED_KEY || event.key === SOUND_VOLUMES_KEY) tell();
};

/** Calls `listener` after every change of the sound settings, this tab's or another's; returns the unsubscribe. */
export function onSoundSettingsChange(listener: () => void): () => void {
  if (listeners.size === 0) globalThis.addEventListener?.('storage', fromOtherTab);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) globalThis.removeEventListener?.('storage', fromOtherTab);
  };
}
