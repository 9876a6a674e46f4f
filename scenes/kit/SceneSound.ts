import { Howl, Howler } from 'howler';
import { encodeWavDataUrl, synthesizeCue, type SoundCue } from './synth.ts';
import { onSoundSettingsChange, readSoundMuted, storeSoundMuted } from './soundSetting.ts';
import { readSoundVolumes } from './soundVolumes.ts';
import { busVolume, masterGain, type SoundBus } from './soundGain.ts';

export { readSoundMuted, SOUND_MUTED_KEY, storeSoundMuted } from './soundSetting.ts';

// Sound for scenes through howler. Cues are synthesized once per page (synth.ts) and shared;
// each SceneSound owns its Howl instances and unloads them on dispose. The player's settings
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

/** Howler's global mute and volume from the settings (the master bus). */
function applyMaster(muted: boolean, master: number): void {
  Howler.mute(muted);
  Howler.volume(master);
}

export class SceneSound {
  private readonly howls = new Map<string, Howl>();
  private disposed = false;
  private lastPlayed = new Map<SoundCue, number>();
  /** Sounds that outlast a moment (loops, music): their volume follows a change of the settings. */
  private readonly lasting = new Map<number, { howl: Howl; bus: SoundBus; level: number }>();
  private readonly unsubscribe = onSoundSettingsChange(() => this.followSettings());

  get muted(): boolean {
    return readSoundMuted();
  }

  private howlOf(key: string, url: () => string): Howl {
    let howl = this.howls.get(key);
    if (!howl) {
      howl = new Howl({ src: [url()], format: ['wav'], preload: true });
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
    if (Howler.ctx) applyMaster(readSoundMuted(), masterGain(volumes, false));
    for (const [id, { howl, bus, level }] of this.lasting) howl.volume(busVolume(volumes, bus, level), id);
  }

  /** Starts `howl` on `bus` at `level` with the settings as they are; null while muted or before a gesture. */
  private start(howl: () => Howl, bus: SoundBus, level: number): { howl: Howl; id: number } | null {
    if (!pageMayPlaySound() || this.muted) return null;
    const volumes = readSoundVolumes();
    applyMaster(false, masterGain(volumes, false));
    const made = howl();
    const id = made.play();
    made.volume(busVolume(volumes, bus, level), id);
    return { howl: made, id };
  }

  /** Plays a cue; rapid repeats (reel ticks, plinko pegs) are thinned to one per `minGapMs`. */
  play(cue: SoundCue, options: { rate?: number; volume?: number; minGapMs?: number } = {}): void {
    if (this.disposed) return;
    // Thinned before the muted setting is read: it is a localStorage read, and plinko asks on every
    // peg hit of every ball (dozens a frame), almost all of them thinned away.
    const now = performance.now();
    if (options.minGapMs && now - (this.lastPlayed.get(cue) ?? -Infinity) < options.minGapMs) return;
    this.lastPlayed.set(cue, now);
    const started = this.start(() => this.howlOf(cue, () => cueUrl(cue)), 'effects', options.volume ?? 1);
    if (started && options.rate) started.howl.rate(options.rate, started.id);
  }

  /**
   * Starts a cue looping (the crash engine) and returns its handle: setRate bends its pitch,
   * stop ends it. Muted or disposed: a handle that does nothing.
   */
  loop(cue: SoundCue, options: { volume?: number } = {}): SoundLoop {
    if (this.disposed) return SILENT_LOOP;
    const level = options.volume ?? 1;
    const started = this.start(() => this.howlOf(cue, () => cueUrl(cue)), 'effects', level);
    if (!started) return SILENT_LOOP;
    const { howl, id } = started;
    howl.loop(true, id);
    this.lasting.set(id, { howl, bus: 'effects', level });
    return {
      setRate: (rate) => void howl.rate(rate, id),
      stop: () => {
        this.lasting.delete(id);
        howl.stop(id);
      },
    };
  }

  /**
   * Plays a piece of music on the music bus (the big-win fanfare), once; muted, disposed or before a
   * gesture it plays nothing. Returns what stops it.
   */
  music(track: MusicTrack, options: { volume?: number } = {}): () => void {
    if (this.disposed) return () => {};
    const level = options.volume ?? 1;
    const started = this.start(() => this.howlOf(`music:${track.name}`, () => track.url()), 'music', level);
    if (!started) return () => {};
    const { howl, id } = started;
    this.lasting.set(id, { howl, bus: 'music', level });
    howl.once('end', () => this.lasting.delete(id), id);
    return () => {
      this.lasting.delete(id);
      howl.stop(id);
    };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.unsubscribe();
    this.lasting.clear();
    for (const howl of this.howls.values()) howl.unload();
    this.howls.clear();
  }
}
