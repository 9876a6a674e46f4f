import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Howler, type Howl } from 'howler';
import { SceneSound } from '../../scenes/kit/SceneSound.ts';
import { loadHowler } from '../../scenes/kit/howlerLoader.ts';
import { onSoundSettingsChange, readSoundMuted, SOUND_VOLUMES_KEY, storeSoundMuted } from '../../scenes/kit/soundSetting.ts';
import { DEFAULT_SOUND_VOLUMES, readSoundVolumes, storeSoundVolumes } from '../../scenes/kit/soundVolumes.ts';
import { BIG_WIN_STING } from '../../scenes/kit/bigWinMusic.ts';
import { showBigWin } from '../../scenes/kit/bigWinMoment.ts';

// The sound settings (docs/scenes.md, "Sound"): the store on this device, and the volumes reaching
// howler in real Chromium: master as Howler's global volume, effects and music as each sound's own
// volume on its bus (a slider's position squared), a change reaching a sound still playing, and mute
// silencing (Howler muted, no new sound made). Each test waits for howler after its gesture, as a
// page's first sounds do (scenes/kit/howlerLoader.ts; sceneSound.test.ts).

type Sounds = { howls: Map<string, Howl> };
/** The volume of the newest sound of `key`'s Howl, once it has loaded (howler applies a volume set before then after the play it queued). */
async function volumeOf(sound: SceneSound, key: string): Promise<number> {
  const howl = (sound as unknown as Sounds).howls.get(key)!;
  if (howl.state() !== 'loaded') await new Promise((resolve) => howl.once('load', resolve));
  const ids = (howl as unknown as { _getSoundIds(): number[] })._getSoundIds();
  return howl.volume(ids.at(-1)!) as number;
}
const howlCount = (sound: SceneSound) => (sound as unknown as Sounds).howls.size;

describe('sound settings', () => {
  afterEach(() => {
    localStorage.clear();
    storeSoundMuted(false);
  });

  it('keeps the volumes and mute on this device, defaults for missing or broken values, and tells its listeners', () => {
    localStorage.clear();
    expect(readSoundVolumes()).toEqual(DEFAULT_SOUND_VOLUMES);
    expect(readSoundMuted()).toBe(false);
    let told = 0;
    const stop = onSoundSettingsChange(() => (told += 1));
    storeSoundVolumes({ master: 0.5, effects: 0.25, music: 0 });
    expect(readSoundVolumes()).toEqual({ master: 0.5, effects: 0.25, music: 0 });
    storeSoundMuted(true);
    expect(readSoundMuted()).toBe(true);
    expect(told).toBe(2);
    // Another tab's change comes as a storage event.
    window.dispatchEvent(new StorageEvent('storage', { key: SOUND_VOLUMES_KEY }));
    expect(told).toBe(3);
    stop();
    storeSoundMuted(false);
    expect(told).toBe(3);
    localStorage.setItem(SOUND_VOLUMES_KEY, JSON.stringify({ master: 3, effects: 'loud', music: 0.4 }));
    expect(readSoundVolumes()).toEqual({ master: DEFAULT_SOUND_VOLUMES.master, effects: DEFAULT_SOUND_VOLUMES.effects, music: 0.4 });
    localStorage.setItem(SOUND_VOLUMES_KEY, '{not json');
    expect(readSoundVolumes()).toEqual(DEFAULT_SOUND_VOLUMES);
  });

  it('plays effects and music at their bus volumes under the master volume; a change reaches a playing loop; mute silences', async () => {
    await userEvent.click(document.body);
    await loadHowler();
    storeSoundVolumes({ master: 0.5, effects: 0.8, music: 0.5 });
    const sound = new SceneSound();
    sound.play('land', { volume: 0.5 });
    expect(Howler.volume()).toBe(0.25);
    await expect.poll(() => volumeOf(sound, 'land')).toBeCloseTo(0.5 * 0.64);
    sound.music(BIG_WIN_STING);
    await expect.poll(() => volumeOf(sound, 'music:bigWinSting')).toBe(0.25);

    const engine = sound.loop('engine', { volume: 0.6 });
    await expect.poll(() => volumeOf(sound, 'engine')).toBeCloseTo(0.6 * 0.64);
    storeSoundVolumes({ master: 1, effects: 0.5, music: 0.5 });
    expect(Howler.volume()).toBe(1);
    await expect.poll(() => volumeOf(sound, 'engine')).toBeCloseTo(0.6 * 0.25);

    storeSoundMuted(true);
    expect((Howler as unknown as { _muted: boolean })._muted, 'Howler muted: what plays goes silent').toBe(true);
    const before = howlCount(sound);
    sound.play('win');
    sound.music({ name: 'never', url: () => BIG_WIN_STING.url() });
    expect(howlCount(sound), 'no sound made while muted').toBe(before);
    storeSoundMuted(false);
    expect((Howler as unknown as { _muted: boolean })._muted).toBe(false);
    engine.stop();
    sound.dispose();
  });

  it('a big win plays its music on the music bus with the moment: the fanfare, its last chord under reduced motion, nothing while muted', async () => {
    await userEvent.click(document.body);
    await loadHowler();
    const element = document.createElement('div');
    Object.assign(element.style, { width: '400px', height: '300px' });
    document.body.append(element);
    const made = (sound: SceneSound) => [...(sound as unknown as Sounds).howls.keys()];
    const big = { stake: 1, payout: 20 };
    try {
      const full = new SceneSound();
      expect(showBigWin(element, big, 1, full)).not.toBe('none');
      expect(made(full)).toEqual(['music:bigWinFanfare']);
      const reduced = new SceneSound();
      showBigWin(element, big, 0, reduced);
      expect(made(reduced)).toEqual(['music:bigWinSting']);
      const small = new SceneSound();
      showBigWin(element, { stake: 1, payout: 1.5 }, 1, small);
      expect(made(small), 'a win below big: no music').toEqual([]);
      storeSoundMuted(true);
      const muted = new SceneSound();
      showBigWin(element, big, 1, muted);
      expect(made(muted)).toEqual([]);
      for (const sound of [full, reduced, small, muted]) sound.dispose();
    } finally {
      element.remove();
    }
  });
});
