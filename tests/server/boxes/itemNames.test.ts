import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { catalogItems, itemName } from '../../../server/boxes/catalog/items.ts';
import { up } from '../../../server/db/migrations/0530_item_display_names.ts';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { recordDrop } from '../../../server/realtime/drops.ts';

// An item's name says its brand once: "Apple Watch Ultra 2", never "Apple Apple Watch Ultra 2".

/** A migration takes the database untyped (it runs against any schema version). */
const untyped = (a: FastifyInstance) => a.db as unknown as Kysely<unknown>;

describe('item names', () => {
  it('name the brand once, before a model that does not say it', () => {
    expect(itemName('Apple', 'Apple Watch Ultra 2')).toBe('Apple Watch Ultra 2');
    expect(itemName('Cartier', 'Santos de Cartier')).toBe('Santos de Cartier');
    expect(itemName('Apple', 'AirPods Pro 2')).toBe('Apple AirPods Pro 2');
    expect(itemName('Swatch', 'MoonSwatch Mission to Mars')).toBe('Swatch MoonSwatch Mission to Mars');
    expect(itemName('On', 'Cloudmonster')).toBe('On Cloudmonster');
    for (const item of catalogItems) {
      const words = item.name.toLowerCase().split(/\s+/);
      expect(words.filter((w) => w === item.brand.toLowerCase()).length, item.name).toBeLessThanOrEqual(1);
    }
    expect(catalogItems.find((i) => i.slug === 'apple-apple-watch-ultra-2')?.name).toBe('Apple Watch Ultra 2');
  });

  describe('a database seeded with the doubled names', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await createTestApp();
    });
    afterAll(() => app.close());

    it('is renamed by migration 0530, items and the drops that copied the name', async () => {
      await app.db
        .insertInto('items')
        .values([
          { slug: 'apple-apple-watch-ultra-2', name: 'Apple Apple Watch Ultra 2', brand: 'Apple', category: 'watches', price: 79900, sale_price: 71910, rarity: 'rare', size_kind: null },
          { slug: 'renamed-by-hand', name: 'Cartier Santos de Cartier', brand: 'Cartier', category: 'watches', price: 760000, sale_price: 684000, rarity: 'legendary', size_kind: null },
        ])
        .execute();
      const player = await createPlayer(app);
      const item = { name: 'Apple Apple Watch Ultra 2', rarity: 'rare', imgUrl: '/x.svg', price: 79900, salePrice: 71910 };
      await recordDrop(app.db, { game: 'box', userId: player.id, box: { slug: 'b', kind: 'box', name: 'B', imgUrl: '/b.svg' }, item });
      await up(untyped(app));
      const names = await app.db.selectFrom('items').select(['slug', 'name']).orderBy('slug').execute();
      // Only the catalog's own row (by slug) is renamed.
      expect(names).toEqual([
        { slug: 'apple-apple-watch-ultra-2', name: 'Apple Watch Ultra 2' },
        { slug: 'renamed-by-hand', name: 'Cartier Santos de Cartier' },
      ]);
      const drop = await app.db.selectFrom('drops').select('item_name').executeTakeFirstOrThrow();
      expect(drop.item_name).toBe('Apple Watch Ultra 2');
    });
  });
});
