import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Howl } from 'howler';
import { SceneSound, SOUND_MUTED_KEY, storeSoundMuted } from '../../scenes/kit/SceneSound.ts';
import { loadedHowler, loadHowler } from '../../scenes/kit/howlerLoader.ts';

// Plinko asks for its peg cue on every hit of every ball, dozens of times a frame with many balls in
// flight; the thinning (minGapMs) drops almost all of them, and must do so before anything costly:
// the muted setting is a localStorage read. (The gap here is a minute, so that the first call's
// synthesis of the cue cannot outlast it.) And before the player has touched the page no cue is
// made at all: the browser would not play it, and making one costs a long main-thread task. Nor is
// howler loaded before then (scenes/kit/howlerLoader.ts): the gesture fetches it, and a loop asked
// for while it loads starts when it arrives, at the rate set meanwhile.

const howls = (sound: SceneSound) => (sound as unknown as { howls: Map<string, unknown> }).howls.size;

describe('scene sound', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    storeSoundMuted(false);
  });

  // First: the page of this file has not been clicked yet.
  it('makes no cue before the page has had a user gesture, and plays once it has', async () => {
    storeSoundMuted(false);
    expect(navigator.userActivation.hasBeenActive).toBe(false);
    const sound = new SceneSound();
    sound.play('land');
    const engine = sound.loop('engine');
    engine.setRate(1.2);
    engine.stop();
    expect(howls(sound), 'no Howl before a gesture').toBe(0);
    expect(loadedHowler(), 'howler not loaded before a gesture').toBeUndefined();
    await userEvent.click(document.body);
    const looping = sound.loop('engine');
    looping.setRate(1.5);
    await loadHowler();
    await expect.poll(() => howls(sound)).toBe(1);
    const engineHowl = (sound as unknown as { howls: Map<string, Howl> }).howls.get('engine')!;
    const [id] = (engineHowl as unknown as { _getSoundIds(): number[] })._getSoundIds();
    // howler applies a rate set before its sound has decoded once it has.
    await expect.poll(() => engineHowl.rate(id!)).toBe(1.5);
    looping.stop();
    sound.play('land');
    expect(howls(sound), 'howler loaded: a cue is made at once').toBe(2);
    sound.dispose();
  });

  it('thins rapid repeats before it reads the muted setting, and still honours it', async () => {
    await userEvent.click(document.body);
    await loadHowler();
    storeSoundMuted(false);
    const sound = new SceneSound();
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    for (let i = 0; i < 50; i++) sound.play('peg', { minGapMs: 60_000, volume: 0.4 });
    expect(reads.mock.calls.filter(([key]) => key === SOUND_MUTED_KEY)).toHaveLength(1);
    expect(howls(sound)).toBe(1);
    sound.dispose();

    // Muted: the burst's first call reads the setting and plays nothing; the rest are thinned.
    storeSoundMuted(true);
    const muted = new SceneSound();
    reads.mockClear();
    for (let i = 0; i < 50; i++) muted.play('peg', { minGapMs: 60_000 });
    expect(reads.mock.calls.filter(([key]) => key === SOUND_MUTED_KEY)).toHaveLength(1);
    expect(howls(muted), 'no Howl made while muted').toBe(0);
    muted.dispose();
  });
});
