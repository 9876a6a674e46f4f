import { Howl } from 'howler';
import { encodeWavDataUrl, synthesizeCue, type SoundCue } from './synth.ts';
import { readSoundMuted, storeSoundMuted } from './soundSetting.ts';

export { readSoundMuted, SOUND_MUTED_KEY, storeSoundMuted } from './soundSetting.ts';

// Sound for scenes through howler. Cues are synthesized once per page (synth.ts) and shared;
// each SceneSound owns its Howl instances and unloads them on dispose. The muted setting is
// the player's and lives in localStorage so it survives reloads.

const dataUrls = new Map<SoundCue, string>();
function cueUrl(cue: SoundCue): string {
  let url = dataUrls.get(cue);
  if (!url) {
    url = encodeWavDataUrl(synthesizeCue(cue));
    dataUrls.set(cue, url);
  }
  return url;
}

export interface SoundLoop {
  setRate(rate: number): void;
  stop(): void;
}

const SILENT_LOOP: SoundLoop = { setRate: () => {}, stop: () => {} };

/**
 * Browsers play no sound on a page the player has not yet touched, clicked or typed on (autoplay
 * policy), so until then a cue is not even made: making one synthesizes it, decodes its data URL
 * and starts an AudioContext, about half a second of main thread at 4× CPU that an untouched
 * /crash paid at its first flight (Lighthouse counted it as blocking time). A browser without
 * `navigator.userActivation` plays as before.
 */
function pageMayPlaySound(): boolean {
  return globalThis.navigator?.userActivation?.hasBeenActive ?? true;
}

export class SceneSound {
  private readonly howls = new Map<SoundCue, Howl>();
  private disposed = false;
  private lastPlayed = new Map<SoundCue, number>();

  get muted(): boolean {
    return readSoundMuted();
  }

  private howlOf(cue: SoundCue): Howl {
    let howl = this.howls.get(cue);
    if (!howl) {
      howl = new Howl({ src: [cueUrl(cue)], format: ['wav'], preload: true });
      this.howls.set(cue, howl);
    }
    return howl;
  }

  setMuted(muted: boolean): void {
    storeSoundMuted(muted);
    for (const howl of this.howls.values()) howl.mute(muted);
  }

  /** Plays a cue; rapid repeats (reel ticks, plinko pegs) are thinned to one per `minGapMs`. */
  play(cue: SoundCue, options: { rate?: number; volume?: number; minGapMs?: number } = {}): void {
    if (this.disposed) return;
    // Thinned before the muted setting is read: it is a localStorage read, and plinko asks on every
    // peg hit of every ball (dozens a frame), almost all of them thinned away.
    const now = performance.now();
    if (options.minGapMs && now - (this.lastPlayed.get(cue) ?? -Infinity) < options.minGapMs) return;
    this.lastPlayed.set(cue, now);
    if (!pageMayPlaySound() || this.muted) return;
    const howl = this.howlOf(cue);
    const id = howl.play();
    if (options.rate) howl.rate(options.rate, id);
    if (options.volume !== undefined) howl.volume(options.volume, id);
  }

  /**
   * Starts a cue looping (the crash engine) and returns its handle: setRate bends its pitch,
   * stop ends it. Muted or disposed: a handle that does nothing.
   */
  loop(cue: SoundCue, options: { volume?: number } = {}): SoundLoop {
    if (this.disposed || !pageMayPlaySound() || this.muted) return SILENT_LOOP;
    const howl = this.howlOf(cue);
    const id = howl.play();
    howl.loop(true, id);
    if (options.volume !== undefined) howl.volume(options.volume, id);
    return {
      setRate: (rate) => void howl.rate(rate, id),
      stop: () => void howl.stop(id),
    };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const howl of this.howls.values()) howl.unload();
    this.howls.clear();
  }
}
