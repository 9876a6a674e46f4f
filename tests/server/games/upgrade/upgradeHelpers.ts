import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

// Catalog items and inventory for the upgrade and game-history suites.

/** A catalog item at `priceCents` (a target, or the item behind an inventory input). */
export async function catalogItem(app: FastifyInstance, priceCents: number): Promise<number> {
  const slug = `upgrade-test-${randomUUID().slice(0, 8)}`;
  const row = await app.db
    .insertInto('items')
    .values({ slug, name: `Test item ${slug}`, brand: 'Test', category: 'test', price: priceCents, sale_price: Math.floor(priceCents * 0.9), rarity: 'rare' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An owned inventory item of `itemId` for the player. */
export async function giveItem(app: FastifyInstance, userId: number, itemId: number): Promise<number> {
  const row = await app.db.insertInto('inventory_items').values({ user_id: userId, item_id: itemId, box_id: null, seed_pair_id: null, nonce: null, ticket: null, changed_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function inventoryOf(app: FastifyInstance, userId: number) {
  return app.db.selectFrom('inventory_items').select(['id', 'item_id', 'state']).where('user_id', '=', userId).orderBy('id').execute();
}
