import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { RARITY_COLOURS, type Rarity } from '../../../core/games/rarity.ts';
import { createTestApp } from '../../helpers/testApp.ts';
import { seedCatalog } from '../../helpers/boxes.ts';

// The art routes draw from the stored rows: an item's picture carries its rarity's frame, a box's
// picture its most valuable item (the same drawing the item route serves).

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app);
});
afterAll(() => app.close());

interface DetailItem {
  img_url: string;
  price: number;
  rarity: Rarity;
}

describe('art routes', () => {
  it('frames each item in its rarity colour and shows a box with its dearest item', async () => {
    const box = (await app.inject({ url: '/api/boxes/rolex-royale' })).json().data as { img_url: string; items: DetailItem[] };
    const items = [...box.items].sort((a, b) => b.price - a.price);
    const dearest = items[0]!;
    const cheapest = items.at(-1)!;
    expect(dearest.rarity).not.toBe(cheapest.rarity);
    for (const item of [dearest, cheapest]) {
      const svg = (await app.inject({ url: item.img_url })).body;
      expect(svg).toContain(RARITY_COLOURS[item.rarity]);
    }
    const boxSvg = (await app.inject({ url: box.img_url })).body;
    // The hero glow is the dearest item's rarity colour; a watch dial (its ticks) sits in the box.
    expect(boxSvg).toContain(RARITY_COLOURS[dearest.rarity]);
    expect(boxSvg).toMatch(/rotate\(330 128 128\)/);
  });
});
