import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoxOpeningScene, type BoxOpeningResult } from '../../scenes/box-opening/BoxOpeningScene.ts';
import { boxTuning } from '../../scenes/box-opening/tuning.ts';
import type { ParticleBurst } from '../../scenes/kit/particles.ts';
import { liveTweens, mountScene, pixelAt } from './sceneHarness.ts';
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
    // An uncommon drop: a rare or better one adds its reveal after the reel (tested below).
    const result: BoxOpeningResult = { items, won: [items[1]!] };
    const t0 = performance.now();
    await mounted.host.play(result);
    expect(mounted.host.phase).toBe('finished');
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(liveTweens()).toBe(0);
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
    await mounted.host.play({ items: many, won: [many[20]!] });
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

// Big wins (docs/boxes.md "Big wins"): a rare, epic or legendary drop ends on a full-scene reveal
// (the canvas dimmed, the item's picture large with rays in its colour, its tier, name and value);
// reduced motion and a skip draw that last frame at once; lesser drops keep the reel's own glow.
describe('box-opening reveal of rare and better drops', () => {
  afterEach(() => boxTuning.reset());
  const gold = { id: 7, name: 'Gold watch', price: 2890, rarity: 'legendary', odds: 5, img_url: pictures[1] };
  const blue = { id: 8, name: 'Gift card', price: 60, rarity: 'uncommon', odds: 45, img_url: pictures[0] };
  const purple = { id: 9, name: 'Cap', price: 300, rarity: 'rare', odds: 50, img_url: pictures[0] };
  type Inside = { reveal: { shown: boolean; centre: { x: number; y: number }; view: { children: unknown[] } } };
  const revealOf = (scene: BoxOpeningScene) => (scene as unknown as Inside).reveal;
  const texts = (scene: BoxOpeningScene) => (revealOf(scene).view.children[3] as { children: { text: string }[] }).children.map((t) => t.text);
  const near = (pixel: number[], rgb: [number, number, number], tolerance = 24) => rgb.every((c, i) => Math.abs(pixel[i]! - c) <= tolerance);

  for (const motion of [1, 0]) {
    it(`motion ${motion}: a legendary drop ends on its reveal, sparks in its colour from the picture`, async () => {
      Object.assign(boxTuning.values, { spinSeconds: 0.2, settleSeconds: 0.01, popSeconds: 0.01, glowPulseSeconds: 0.01, revealSeconds: 0.2, revealPopSeconds: 0.1, revealFadeSeconds: 0.05, legendarySparks: 9 });
      const scene = new BoxOpeningScene({ seed: 4, spinSeconds: 0.2 });
      const m = await mountScene(scene, { width: 800, height: 240, motion });
      const burst = vi.spyOn((scene as unknown as { particles: ParticleBurst }).particles, 'burst');
      await m.host.play({ items: [blue, gold, purple], won: [gold] });
      const reveal = revealOf(scene);
      expect(reveal.shown).toBe(true);
      expect(texts(scene)).toEqual(['LEGENDARY DROP', 'Gold watch', '2890.00']);
      // The picture (a gold square) large at the reveal's centre; the reels dimmed under the backdrop.
      expect(near(pixelAt(m.app, reveal.centre.x, reveal.centre.y), [0xff, 0xbf, 0x2e]), `${pixelAt(m.app, reveal.centre.x, reveal.centre.y)}`).toBe(true);
      expect(pixelAt(m.app, 790, 10).slice(0, 3).every((c) => c < 40)).toBe(true);
      if (motion === 1) expect(burst.mock.calls.map((c) => [c[0], c[1], c[3]])).toEqual([[reveal.centre.x, reveal.centre.y, 9]]);
      else expect(burst).not.toHaveBeenCalled();
      expect(liveTweens()).toBe(0);
      m.dispose();
    });
  }

  it('shows the rarest of several reels; an uncommon drop keeps the plain reel', async () => {
    const scene = new BoxOpeningScene({ seed: 4 });
    const m = await mountScene(scene, { width: 600, height: 460, motion: 0 });
    await m.host.play({ items: [blue, gold, purple], won: [blue, purple, blue] });
    expect(revealOf(scene).shown).toBe(true);
    expect(texts(scene)).toEqual(['RARE DROP', 'Cap', '300.00']);
    await m.host.play({ items: [blue, gold, purple], won: [blue] });
    expect(revealOf(scene).shown).toBe(false);
    m.dispose();
  });
});
