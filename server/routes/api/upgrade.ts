import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPGRADE_EDGE, UPGRADE_MAX_CHANCE, UPGRADE_MAX_ITEMS, UPGRADE_MIN_CHANCE } from '../../../core/games/upgrade.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { placeUpgrade } from '../../games/upgrade/placeUpgrade.ts';
import { historyRoutes } from './gameHistory.ts';
import { itemSummary } from '../../boxes/catalog.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// POST /api/upgrade {inventory_ids, amount, target_item_id} → {data: {win, chance, roll, item?,
// balance, nonce, server_seed_hash, client_seed}}; GET /api/upgrade/items lists catalog items a
// player can aim at (cheapest first between min_price and max_price, by name), with the rules the page shows.
// The contract: core/protocol/games.ts.

export default async function upgradeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.upgradeBet, { onRequest: app.authenticate, config: { killSwitch: 'upgrade' } }, async (request) => {
    const amount = request.body.amount; // cents, exact (coinAmount)
    return { data: await placeUpgrade(app, { userId: requireUserId(request), inventoryIds: request.body.inventory_ids, amount, targetItemId: request.body.target_item_id }) };
  });

  route(r, routes.upgradeItems, {}, async (request) => {
    const q = request.query;
    let query = app.db.selectFrom('items').select(['id', 'name', 'brand', 'category', 'price', 'sale_price', 'rarity', 'photo']).where('price', '>=', q.min_price);
    if (q.max_price !== undefined) query = query.where('price', '<=', q.max_price);
    if (q.name) query = query.where('name', 'ilike', `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const rows = await query.orderBy('price', 'asc').orderBy('id', 'asc').limit(q.limit).execute();
    return { data: rows.map(itemSummary), rules: { edge: UPGRADE_EDGE, min_chance: UPGRADE_MIN_CHANCE, max_chance: UPGRADE_MAX_CHANCE, max_items: UPGRADE_MAX_ITEMS } };
  });

  historyRoutes(app, 'upgrade', routes.upgradeHistory);
}
