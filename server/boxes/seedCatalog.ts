import { boxPriceCents, salePriceCents } from '../../core/games/boxes.ts';
import { centsOf } from '../../core/money/cents.ts';
import { catalogItems } from './catalog/items.ts';
import { catalogBoxes, oddsUnitsFor, rarityForPrice } from './catalog/boxes.ts';
import type { SeedStep } from '../db/seedStep.ts';
import { publishVersion } from './boxVersions.ts';

// The demo catalog seed step: items by slug, boxes by slug, each inserted only when missing, so
// running it again changes nothing (and never reprices a box players have already opened).
export const catalogSeedStep: SeedStep = {
  name: 'boxes catalog',
  async run({ db }) {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('items')
        .values(
          catalogItems.map((i) => ({
            slug: i.slug,
            name: i.name,
            brand: i.brand,
            category: i.category,
            price: centsOf(i.price),
            sale_price: salePriceCents(centsOf(i.price)),
            rarity: rarityForPrice(i.price),
            size_kind: i.sizeKind,
          })),
        )
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
      const ids = new Map((await trx.selectFrom('items').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]));
      const existing = new Set((await trx.selectFrom('boxes').select('slug').execute()).map((r) => r.slug));
      for (const box of catalogBoxes) {
        if (existing.has(box.slug)) continue;
        const units = oddsUnitsFor(box.items);
        const price = boxPriceCents(box.items.map((item, k) => ({ price: centsOf(item.price), oddsUnits: units[k]! })));
        const row = await trx
          .insertInto('boxes')
          .values({ slug: box.slug, name: box.name, type: box.type, category: box.category, price, featured: box.featured ?? false, free_level: box.freeLevel ?? null, creator_id: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await publishVersion(trx, row.id, { price, items: box.items.map((item, k) => ({ itemId: ids.get(item.slug)!, oddsUnits: units[k]! })) }, null);
      }
    });
  },
};
