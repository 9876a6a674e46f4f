import { describe, expect, it } from 'vitest';
import { BoxOpeningScene, type BoxOpeningResult } from '../../scenes/box-opening/BoxOpeningScene.ts';
import { liveTweens, mountScene } from './sceneHarness.ts';

const items = [
  { id: 1, name: 'Sticker pack', price: 0.5, rarity: 'common', odds: 60 },
  { id: 2, name: 'Gift card', price: 10, rarity: 'uncommon', odds: 30 },
  { id: 3, name: 'Gold watch', price: 2890, rarity: 'legendary', odds: 10 },
];

describe('box-opening scene', () => {
  it('spins and settles with the phase running → finished', async () => {
    const scene = new BoxOpeningScene({ seed: 3, spinSeconds: 0.6 });
    const mounted = await mountScene(scene, { width: 800, height: 240 });
    const result: BoxOpeningResult = { items, won: [items[2]!] };
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
});
