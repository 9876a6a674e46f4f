import { afterEach, describe, expect, it, vi } from 'vitest';
import { Rectangle } from 'pixi.js';
import { BoxOpeningScene, type BoxOpeningResult } from '../../scenes/box-opening/BoxOpeningScene.ts';
import { boxTuning } from '../../scenes/box-opening/tuning.ts';
import type { ParticleBurst } from '../../scenes/kit/particles.ts';
import { liveTweens, mountScene, pixelAt, watchTweenDurations } from './sceneHarness.ts';
import { pictures } from './sceneCases.ts';

const items = [
  { id: 1, name: 'Sticker pack', price: 0.5, rarity: 'common', odds: 60 },
  { id: 2, name: 'Gift card', price: 10, rarity: 'uncommon', odds: 30 },
  { id: 3, name: 'Gold watch', price: 2890, rarity: 'legendary', odds: 10 },
];

describe('box-opening scene', () => {
  it('spins and settles with the phase running → finished', async () => {
    const scene = new BoxOpeningScene({ seed: 3, spinSeconds: 0.6 });
    const mounted = await mountScene(scene, { width: 800, height: 240 });
    // A 2× win: a big win adds its reveal after the reel (tested below).
    const result: BoxOpeningResult = { items, won: [items[1]!], stake: 5 };
    const durations = watchTweenDurations(scene);
    await mounted.host.play(result);
    expect(mounted.host.phase).toBe('finished');
    // The reel spun for the scene's spinSeconds (not the tuning's 5.5 s), then settled.
    expect(durations()[0]).toBe(0.6);
    expect(durations()[1]).toBe(boxTuning.values.settleSeconds);
    expect(liveTweens()).toBe(0);
    mounted.dispose();
  });

  it('draws new filler around the winner at every opening, and keeps a landed strip through a resize', async () => {
    const scene = new BoxOpeningScene({ seed: 3, spinSeconds: 0.05 });
    const mounted = await mountScene(scene, { width: 800, height: 240 });
    const inside = scene as unknown as { reels: { cards: { name: string }[] }[] };
    const strip = () => inside.reels[0]!.cards.map((c) => c.name).join(',');
    const result: BoxOpeningResult = { items, won: [items[0]!], stake: 5 };
    await mounted.host.play(result);
    const first = strip();
    await mounted.host.play(result);
    const second = strip();
    // The same box and the same item won: only the filler can tell the two spins apart.
    expect(second).not.toBe(first);
    scene.resize(640, 240);
    expect(strip()).toBe(second);
    mounted.dispose();
  });

  it('stands its preview reel on the pictures inside the canvas only, and loads the rest for an opening', async () => {
    // 24 items with pictures of their own: a full strip of 46 cards shows most of them, the
    // standing reel at 800 px only the 7 cards from 0 to 6 (card 3 under the marker).
    const many = Array.from({ length: 24 }, (_, i) => ({
      id: i + 1,
      name: `Item ${i + 1}`,
      price: i + 1,
      rarity: 'common',
      odds: 1,
      img_url: `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#${(i * 10 + 16).toString(16).padStart(2, '0')}8080"/></svg>`)}`,
    }));
    const scene = new BoxOpeningScene({ seed: 5, spinSeconds: 0.3 });
    const mounted = await mountScene(scene, { width: 800, height: 240 });
    scene.showItems(many);
    const inside = scene as unknown as { reels: unknown[]; textures: Map<string, unknown> };
    await expect.poll(() => inside.reels.length, { timeout: 10_000 }).toBe(1);
    const previewed = inside.textures.size;
    expect(previewed).toBeGreaterThan(0);
    expect(previewed).toBeLessThanOrEqual(7);
    await mounted.host.play({ items: many, won: [many[20]!], stake: 20 });
    expect(mounted.host.phase).toBe('finished');
    expect(inside.textures.size).toBeGreaterThan(12);
    mounted.dispose();
  });

  it('fits at least minVisibleCards cards across a phone\'s canvas, and keeps full-size cards on a wide one', async () => {
    const widthOf = async (width: number) => {
      const scene = new BoxOpeningScene({ seed: 2, spinSeconds: 0.3 });
      const mounted = await mountScene(scene, { width, height: 240 });
      scene.showItems(items);
      const inside = scene as unknown as { reels: { cardWidth: number }[] };
      await expect.poll(() => inside.reels.length, { timeout: 10_000 }).toBe(1);
      const cardWidth = inside.reels[0]!.cardWidth;
      mounted.dispose();
      return cardWidth;
    };
    const phone = await widthOf(364);
    expect((364 + 10) / (phone + 10)).toBeGreaterThanOrEqual(boxTuning.values.minVisibleCards - 0.01);
    expect(await widthOf(800)).toBeCloseTo(190 * 0.82, 5); // as tall as a reel allows (190), in proportion
  });
});

// Big wins (docs/boxes.md "Big wins"): an opening whose tier is big or above (core/games/celebration.ts:
// the multiplier on its cost, the item's odds, never a loss) ends on a full-scene reveal (the canvas
// dimmed, the item's picture large with rays in its colour, the tier with the multiplier, its name
// and its value counted up); reduced motion and a skip draw that last frame at once; a loss or a
// small win keeps the reel's own glow, whatever the item's rarity.
describe('box-opening reveal of big wins', () => {
  afterEach(() => boxTuning.reset());
  const gold = { id: 7, name: 'Gold watch', price: 2890, rarity: 'legendary', odds: 5, img_url: pictures[1] };
  const blue = { id: 8, name: 'Gift card', price: 60, rarity: 'uncommon', odds: 45, img_url: pictures[0] };
  const purple = { id: 9, name: 'Cap', price: 300, rarity: 'rare', odds: 50, img_url: pictures[0] };
  type Inside = { reveal: { shown: boolean; centre: { x: number; y: number }; view: { children: unknown[] } } };
  const revealOf = (scene: BoxOpeningScene) => (scene as unknown as Inside).reveal;
  const texts = (scene: BoxOpeningScene) => (revealOf(scene).view.children[3] as { children: { text: string }[] }).children.map((t) => t.text);
  const near = (pixel: number[], rgb: [number, number, number], tolerance = 24) => rgb.every((c, i) => Math.abs(pixel[i]! - c) <= tolerance);
  const quick = { spinSeconds: 0.2, settleSeconds: 0.01, popSeconds: 0.01, glowPulseSeconds: 0.01, revealSeconds: 0.2, revealPopSeconds: 0.1, revealFadeSeconds: 0.05, revealCountSeconds: 0.1, legendarySparks: 9 };

  for (const motion of [1, 0]) {
    it(`motion ${motion}: a mega win ends on its reveal, sparks in its colour from the picture`, async () => {
      Object.assign(boxTuning.values, quick);
      const scene = new BoxOpeningScene({ seed: 4, spinSeconds: 0.2 });
      const m = await mountScene(scene, { width: 800, height: 240, motion });
      const burst = vi.spyOn((scene as unknown as { particles: ParticleBurst }).particles, 'burst');
      await m.host.play({ items: [blue, gold, purple], won: [gold], stake: 25 });
      const reveal = revealOf(scene);
      expect(reveal.shown).toBe(true);
      expect(texts(scene)).toEqual(['MEGA WIN 115.60×', 'Gold watch', '2890.00']);
      // The picture (a gold square) large at the reveal's centre; the reels dimmed under the backdrop.
      expect(near(pixelAt(m.app, reveal.centre.x, reveal.centre.y), [0xff, 0xbf, 0x2e]), `${pixelAt(m.app, reveal.centre.x, reveal.centre.y)}`).toBe(true);
      expect(pixelAt(m.app, 790, 10).slice(0, 3).every((c) => c < 40)).toBe(true);
      if (motion === 1) expect(burst.mock.calls.map((c) => [c[0], c[1], c[3]])).toEqual([[reveal.centre.x, reveal.centre.y, 9]]);
      else expect(burst).not.toHaveBeenCalled();
      expect(liveTweens()).toBe(0);
      m.dispose();
    });
  }

  it('follows the multiplier, not the rarity: a lost legendary gets no reveal, an uncommon 7× hit gets one', async () => {
    const scene = new BoxOpeningScene({ seed: 4 });
    const m = await mountScene(scene, { width: 600, height: 460, motion: 0 });
    // A x3 opening of a 20 box that paid 420: a big win, shown on its rarest drop.
    await m.host.play({ items: [blue, gold, purple], won: [blue, purple, blue], stake: 60 });
    expect(revealOf(scene).shown).toBe(true);
    expect(texts(scene)).toEqual(['BIG WIN 7.00×', 'Cap', '300.00']);
    // A legendary worth less than the opening cost: a loss, no reveal.
    await m.host.play({ items: [blue, gold, purple], won: [gold], stake: 3000 });
    expect(revealOf(scene).shown).toBe(false);
    // An uncommon item at 7× the box's price: big.
    await m.host.play({ items: [blue, gold, purple], won: [blue], stake: 60 / 7 });
    expect(texts(scene)[0]).toBe('BIG WIN 7.00×');
    m.dispose();
  });

  it('animates the reveal (frames differ while it plays: the value counts up, the light breathes) and lands on its final frame', async () => {
    Object.assign(boxTuning.values, { ...quick, revealSeconds: 3, revealCountSeconds: 2.5, revealFadeSeconds: 0.2, revealPopSeconds: 0.3 });
    const scene = new BoxOpeningScene({ seed: 4, spinSeconds: 0.2 });
    const m = await mountScene(scene, { width: 800, height: 240, motion: 1 });
    const played = m.host.play({ items: [blue, gold, purple], won: [gold], stake: 25 });
    await expect.poll(() => revealOf(scene).shown, { timeout: 10_000, interval: 20 }).toBe(true);
    // The light and the value, sampled every frame until the reveal has played.
    let done = false;
    void played.then(() => (done = true));
    const frames = new Set<number>();
    const values: number[] = [];
    while (!done) {
      m.app.render();
      // The light around the picture (rays turning and breathing): a small region, quick to read back.
      const { x, y } = revealOf(scene).centre;
      const { pixels } = m.app.renderer.extract.pixels({ target: m.app.stage, frame: new Rectangle(x - 110, y - 40, 40, 80), resolution: 1 });
      let hash = 0;
      for (let p = 0; p < pixels.length; p += 3) hash = (Math.imul(hash, 31) + pixels[p]!) | 0;
      frames.add(hash);
      values.push(Number(texts(scene)[2]));
      await new Promise((r) => requestAnimationFrame(r));
    }
    expect(frames.size, `the reveal's frames differ over time (${values.length} samples)`).toBeGreaterThanOrEqual(3);
    expect(values.every((v, i) => i === 0 || v >= values[i - 1]!), `the value only counts up: ${values}`).toBe(true);
    expect(values.some((v) => v > 0 && v < 2890), `a value between 0 and the price: ${values}`).toBe(true);
    await played;
    expect(texts(scene)).toEqual(['MEGA WIN 115.60×', 'Gold watch', '2890.00']);
    expect(liveTweens()).toBe(0);
    // Landed: nothing redraws the final frame until the next play.
    const landed = pixelAt(m.app, 790, 10);
    await new Promise((r) => setTimeout(r, 100));
    expect(pixelAt(m.app, 790, 10)).toEqual(landed);
    m.dispose();
  });
});
