import { Howl } from 'howler';
import { encodeWavDataUrl, synthesizeCue, type SoundCue } from './synth.ts';

// Sound for scenes through howler. Cues are synthesized once per page (synth.ts) and shared;
// each SceneSound owns its Howl instances and unloads them on dispose. The muted setting is
// the player's and lives in localStorage so it survives reloads.

export const SOUND_MUTED_KEY = 'scenes.soundMuted';

const dataUrls = new Map<SoundCue, string>();
function cueUrl(cue: SoundCue): string {
  let url = dataUrls.get(cue);
  if (!url) {
    url = encodeWavDataUrl(synthesizeCue(cue));
    dataUrls.set(cue, url);
  }
  return url;
}

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

export class SceneSound {
  private readonly howls = new Map<SoundCue, Howl>();
  private disposed = false;
  private lastPlayed = new Map<SoundCue, number>();

  get muted(): boolean {
    return readSoundMuted();
  }

  setMuted(muted: boolean): void {
    storeSoundMuted(muted);
    for (const howl of this.howls.values()) howl.mute(muted);
  }

  /** Plays a cue; rapid repeats (reel ticks, plinko pegs) are thinned to one per `minGapMs`. */
  play(cue: SoundCue, options: { rate?: number; volume?: number; minGapMs?: number } = {}): void {
    if (this.disposed || this.muted) return;
    const now = performance.now();
    if (options.minGapMs && now - (this.lastPlayed.get(cue) ?? -Infinity) < options.minGapMs) return;
    this.lastPlayed.set(cue, now);
    let howl = this.howls.get(cue);
    if (!howl) {
      howl = new Howl({ src: [cueUrl(cue)], format: ['wav'], preload: true });
      this.howls.set(cue, howl);
    }
    const id = howl.play();
    if (options.rate) howl.rate(options.rate, id);
    if (options.volume !== undefined) howl.volume(options.volume, id);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const howl of this.howls.values()) howl.unload();
    this.howls.clear();
  }
}
