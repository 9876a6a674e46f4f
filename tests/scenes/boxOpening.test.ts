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
});
