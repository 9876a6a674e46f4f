import type { Howl } from 'howler';
import { loadedHowler, loadHowler, type HowlerApi } from './howlerLoader.ts';
import { whenViewerActs } from './viewerActs.ts';
import { encodeWavDataUrl, synthesizeCue, type SoundCue } from './synth.ts';
import { onSoundSettingsChange, readSoundMuted, storeSoundMuted } from './soundSetting.ts';
import { readSoundVolumes } from './soundVolumes.ts';
import { busVolume, masterGain, type SoundBus } from './soundGain.ts';

export { readSoundMuted, SOUND_MUTED_KEY, storeSoundMuted } from './soundSetting.ts';

// Sound for scenes through howler (fetched at the viewer's first act: howlerLoader.ts). Cues are
// synthesized once per page (synth.ts) and shared; each SceneSound owns its Howl instances and
// unloads them on dispose. The player's settings
// (soundSetting.ts: muted; soundVolumes.ts: master, effects and music volumes) live in localStorage so they survive
// reloads: master is Howler's global volume, the scenes' cues play on the effects bus and music
// (the big-win fanfare) on the music bus, each sound's volume its level times its bus's gain
// (soundGain.ts). They are read before every sound; a change reaches the sounds still playing.

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

/** A piece of music (music bus): its name and its data URL, made the first time it plays. */
export interface MusicTrack {
  readonly name: string;
  url(): string;
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

/**
 * How late a moment's cue may still start when howler arrives after it was asked for (the first
 * sounds of a page: howlerLoader.ts). Later, the moment it marked has passed and it stays silent;
 * loops and music start whenever howler arrives, unless stopped before.
 */
export const LATE_CUE_MS = 250;

/** Howler's global mute and volume from the settings (the master bus). */
function applyMaster(howler: HowlerApi, muted: boolean, master: number): void {
  howler.Howler.mute(muted);
  howler.Howler.volume(master);
}

export class SceneSound {
  private readonly howls = new Map<string, Howl>();
  private disposed = false;
  private lastPlayed = new Map<SoundCue, number>();
  /** Sounds that outlast a moment (loops, music): their volume follows a change of the settings. */
  private readonly lasting = new Map<number, { howl: Howl; bus: SoundBus; level: number }>();
  private readonly unsubscribe = onSoundSettingsChange(() => this.followSettings());

  /** howler fetched at the viewer's first act, unless muted then (howlerLoader.ts). */
  private readonly cancelHowler = whenViewerActs(() => {
    if (!readSoundMuted()) loadHowler().catch(() => {});
  });

  get muted(): boolean {
    return readSoundMuted();
  }

  private howlOf(howler: HowlerApi, key: string, url: () => string): Howl {
    let howl = this.howls.get(key);
    if (!howl) {
      howl = new howler.Howl({ src: [url()], format: ['wav'], preload: true });
      this.howls.set(key, howl);
    }
    return howl;
  }

  setMuted(muted: boolean): void {
    storeSoundMuted(muted);
  }

  /** The settings changed (here or in another tab): Howler's master, and the lasting sounds' volumes. */
  private followSettings(): void {
    if (this.disposed) return;
    const volumes = readSoundVolumes();
    // No context yet: nothing has sounded, and the next sound applies the settings as it starts.
    const howler = loadedHowler();
    if (howler?.Howler.ctx) applyMaster(howler, readSoundMuted(), masterGain(volumes, false));
    for (const [id, { howl, bus, level }] of this.lasting) howl.volume(busVolume(volumes, bus, level), id);
  }

  /** Whether a sound may start now: not muted, not disposed, and the page has had a gesture. */
  private mayPlay(): boolean {
    return !this.disposed && pageMayPlaySound() && !this.muted;
  }

  /**
   * Starts the Howl `make` gives on `bus` at `level`, with the settings as they are (the caller has
   * checked mayPlay): now when howler has loaded, else when it arrives, if `stillWanted()` and
   * mayPlay then; `started` is told what plays.
   */
  private start(make: (howler: HowlerApi) => Howl, bus: SoundBus, level: number, started: (howl: Howl, id: number) => void, stillWanted: () => boolean): void {
    const begin = (howler: HowlerApi) => {
      const volumes = readSoundVolumes();
      applyMaster(howler, false, masterGain(volumes, false));
      const howl = make(howler);
      const id = howl.play();
      howl.volume(busVolume(volumes, bus, level), id);
      started(howl, id);
    };
    const howler = loadedHowler();
    if (howler) return begin(howler);
    loadHowler().then(
      // Checked again: the player may have muted, or the scene gone, while howler loaded.
      (arrived) => stillWanted() && this.mayPlay() && begin(arrived),
      // Its chunk could not be fetched (offline): this sound stays silent; the next one tries again.
      () => {},
    );
  }

  /** Plays a cue; rapid repeats (reel ticks, plinko pegs) are thinned to one per `minGapMs`. */
  play(cue: SoundCue, options: { rate?: number; volume?: number; minGapMs?: number } = {}): void {
    if (this.disposed) return;
    // Thinned before the muted setting is read: it is a localStorage read, and plinko asks on every
    // peg hit of every ball (dozens a frame), almost all of them thinned away.
    const now = performance.now();
    if (options.minGapMs && now - (this.lastPlayed.get(cue) ?? -Infinity) < options.minGapMs) return;
    this.lastPlayed.set(cue, now);
    if (!this.mayPlay()) return;
    this.start(
      (howler) => this.howlOf(howler, cue, () => cueUrl(cue)),
      'effects',
      options.volume ?? 1,
      (howl, id) => options.rate && howl.rate(options.rate, id),
      () => performance.now() - now <= LATE_CUE_MS,
    );
  }

  /**
   * Starts a lasting sound (a loop, music); `loop` repeats it. Its volume follows the settings while
   * it plays. Returns what stops it and what sets its rate (a rate set while howler still loads
   * applies when it starts).
   */
  private lastingSound(key: string, url: () => string, bus: SoundBus, level: number, loop: boolean): SoundLoop {
    let playing: { howl: Howl; id: number } | undefined;
    let stopped = false;
    let rate: number | undefined;
    this.start(
      (howler) => this.howlOf(howler, key, url),
      bus,
      level,
      (howl, id) => {
        playing = { howl, id };
        if (loop) howl.loop(true, id);
        else howl.once('end', () => this.lasting.delete(id), id);
        if (rate !== undefined) howl.rate(rate, id);
        this.lasting.set(id, { howl, bus, level });
      },
      () => !stopped,
    );
    return {
      setRate(next) {
        rate = next;
        playing?.howl.rate(next, playing.id);
      },
      stop: () => {
        stopped = true;
        if (!playing) return;
        this.lasting.delete(playing.id);
        playing.howl.stop(playing.id);
      },
    };
  }

  /**
   * Starts a cue looping (the crash engine) and returns its handle: setRate bends its pitch,
   * stop ends it. Muted, disposed or before a gesture: a handle that does nothing.
   */
  loop(cue: SoundCue, options: { volume?: number } = {}): SoundLoop {
    if (!this.mayPlay()) return SILENT_LOOP;
    return this.lastingSound(cue, () => cueUrl(cue), 'effects', options.volume ?? 1, true);
  }

  /**
   * Plays a piece of music on the music bus (the big-win fanfare), once; muted, disposed or before a
   * gesture it plays nothing. Returns what stops it.
   */
  music(track: MusicTrack, options: { volume?: number } = {}): () => void {
    if (!this.mayPlay()) return () => {};
    return this.lastingSound(`music:${track.name}`, () => track.url(), 'music', options.volume ?? 1, false).stop;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.unsubscribe();
    this.cancelHowler();
    this.lasting.clear();
    for (const howl of this.howls.values()) howl.unload();
    this.howls.clear();
  }
}
