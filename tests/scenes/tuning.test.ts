import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParticleBurst } from '../../scenes/kit/particles.ts';
import type { Tuning, TuningValues } from '../../scenes/kit/tuning.ts';
import { BoxOpeningScene } from '../../scenes/box-opening/BoxOpeningScene.ts';
import { boxTuning } from '../../scenes/box-opening/tuning.ts';
import { BattleScene, type BattleSceneRound } from '../../scenes/battle/BattleScene.ts';
import { battleTuning } from '../../scenes/battle/tuning.ts';
import { UpgradeScene } from '../../scenes/upgrade/UpgradeScene.ts';
import { upgradeTuning } from '../../scenes/upgrade/tuning.ts';
import { WheelScene } from '../../scenes/wheel/WheelScene.ts';
import { wheelTuning } from '../../scenes/wheel/tuning.ts';
import { CrashScene } from '../../scenes/crash/CrashScene.ts';
import { crashTuning } from '../../scenes/crash/tuning.ts';
import { mountScene, pixelAt, watchTweenDurations } from './sceneHarness.ts';
import { LAB_ITEMS } from '../../src/pages/scene-lab/labOutcomes.ts';

// Each scene reads its tuning (scenes/<game>/tuning.json) live: a colour changed the way the lab's
// panel changes it (the value written in place, then `changed()`) is on the next frame without a new
// scene, and a play reads its timings and particle counts when it starts. Plays here are made short
// through the tuning itself: a scene that ignored it would take seconds and throw its default sparks.

const tunings: Tuning<TuningValues>[] = [boxTuning, battleTuning, upgradeTuning, wheelTuning, crashTuning];
afterEach(() => {
  for (const tuning of tunings) tuning.reset();
});

/** Sets values the way the panel does. */
function tuneLive<T extends TuningValues>(tuning: Tuning<T>, values: Partial<T>): void {
  Object.assign(tuning.values, values);
  tuning.changed();
}

const sparks = (scene: object) => vi.spyOn((scene as { particles: ParticleBurst }).particles, 'burst');
const near = (pixel: number[], rgb: [number, number, number], tolerance = 40) => rgb.every((c, i) => Math.abs(pixel[i]! - c) <= tolerance);

const items = LAB_ITEMS;
const legendary = items.find((item) => item.rarity === 'legendary')!;
const common = items.find((item) => item.rarity === 'common')!;

describe('scene tuning, live', () => {
  it('box reel: the marker takes a new colour at once; a play takes its timings and sparks', async () => {
    const scene = new BoxOpeningScene({ seed: 3 });
    const m = await mountScene(scene, { width: 600, height: 240 });
    expect(near(pixelAt(m.app, 300, 2), [0xff, 0xbf, 0x2e])).toBe(true);
    tuneLive(boxTuning, { markerColour: '#00ffff' });
    expect(pixelAt(m.app, 300, 2)).toEqual([0, 255, 255, 255]);
    tuneLive(boxTuning, { spinSeconds: 0.05, settleSeconds: 0.01, popSeconds: 0.01, glowPulseSeconds: 0.01, revealFadeSeconds: 0.01, revealPopSeconds: 0.01, revealSeconds: 0.01, legendarySparks: 7 });
    const burst = sparks(scene);
    const durations = watchTweenDurations(scene);
    await m.host.play({ items, won: [legendary], stake: 25 });
    expect(burst.mock.calls.map((call) => call[3])).toEqual([7]);
    expect(durations().slice(0, 2), 'the spin and the settle took their tuned lengths, not 5.5 s').toEqual([0.05, 0.01]);
    m.dispose();
  });

  it('battle: the background takes a new colour at once; a round takes its timings and sparks', async () => {
    const scene = new BattleScene({ seed: 2 });
    const m = await mountScene(scene, { width: 600, height: 420 });
    const round: BattleSceneRound = {
      seats: [
        { name: 'nova', team: 0 },
        { name: 'Rex', team: 1 },
      ],
      teams: false,
      round: 1,
      roundsTotal: 1,
      items,
      won: [legendary, common],
      totals: [2890, 0.5],
      winners: [0],
      spinSeconds: 0.05,
    };
    tuneLive(battleTuning, { settleSeconds: 0.01, glowPulseSeconds: 0.01, winnerSparks: 7 });
    const burst = sparks(scene);
    await m.host.play(round);
    expect(burst.mock.calls.map((call) => call[3])).toEqual([7]);
    expect(near(pixelAt(m.app, 4, 4), [0x0b, 0x0d, 0x1c], 8)).toBe(true);
    tuneLive(battleTuning, { backgroundColour: '#ff0000' });
    expect(pixelAt(m.app, 4, 4)).toEqual([255, 0, 0, 255]);
    m.dispose();
  });

  it('upgrade: the win arc takes a new colour at once; a play takes its timings and sparks', async () => {
    const scene = new UpgradeScene({ chance: 50 });
    const m = await mountScene(scene, { width: 400, height: 400 });
    // The arc runs clockwise from 12 o'clock over half the dial: 3 o'clock is on it.
    const onArc = () => pixelAt(m.app, 200 + 400 * 0.38 - 2, 200);
    expect(near(onArc(), [0x2e, 0xe5, 0x9d])).toBe(true);
    tuneLive(upgradeTuning, { arcColour: '#ff0000' });
    expect(near(onArc(), [255, 0, 0])).toBe(true);
    tuneLive(upgradeTuning, { pullBackSeconds: 0, spinSeconds: 0.05, popSeconds: 0.01, winSparks: 7 });
    const burst = sparks(scene);
    await m.host.play({ chance: 50, roll: 10, win: true });
    expect(burst.mock.calls.map((call) => [call[2], call[3]])).toEqual([[0xff0000, 7]]);
    m.dispose();
  });

  it('wheel: the hub takes a new colour at once; a winning spin throws the tuned confetti', async () => {
    const scene = new WheelScene({ seed: 1 });
    const m = await mountScene(scene, { width: 400, height: 400 });
    // The hub: a disc of 0.3 radius around (200, 208); its text is empty before a result.
    const hub = () => pixelAt(m.app, 200 + 20, 208);
    expect(near(hub(), [0x11, 0x14, 0x2a], 8)).toBe(true);
    tuneLive(wheelTuning, { hubColour: '#00ff00' });
    expect(hub()).toEqual([0, 255, 0, 255]);
    tuneLive(wheelTuning, { pulseSeconds: 0.01, confettiPerColour: 3 });
    const burst = sparks(scene);
    await m.host.play({ segment: 5, spinMs: 200, win: true });
    expect(burst.mock.calls.map((call) => call[3])).toEqual([3, 3, 3, 3, 3]);
    m.dispose();
  });

  it('crash: a new count of stars is laid out at once, and the markers take their colours', async () => {
    const scene = new CrashScene({ seed: 1 });
    const m = await mountScene(scene, { width: 600, height: 400, background: 0x000000 });
    const stars = () => (scene as unknown as { starList: unknown[] }).starList.length;
    expect(stars()).toBe(crashTuning.defaults.stars);
    tuneLive(crashTuning, { stars: 5 });
    expect(stars()).toBe(5);
    tuneLive(crashTuning, { myMarkColour: '#00ffff' });
    await m.host.play({ crashPoint: 1.1, cashOuts: [{ key: 1, name: 'me', multiplier: 1.05, mine: true }], countdownMs: 0 });
    const marks = (scene as unknown as { drawnMarks: Map<number, { label: { style: { fill: unknown } } }> }).drawnMarks;
    expect(marks.get(1)?.label.style.fill).toBe(0x00ffff);
    m.dispose();
  });
});
