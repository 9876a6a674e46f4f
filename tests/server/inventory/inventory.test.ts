import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { expectLedgerBalanced, ownedCount, seedCatalog } from '../../helpers/boxes.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app);
});
afterAll(() => app.close());

async function playerWithItems(count: number) {
  const player = await createPlayer(app, { balance: 10_000_00 });
  const ids: number[] = [];
  while (ids.length < count) {
    const n = Math.min(5, count - ids.length);
    const res = await app.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/open', headers: player.headers, payload: { quantity: n } });
    ids.push(...res.json().data.openings.map((o: { inventory_id: number }) => o.inventory_id));
  }
  return { player, ids };
}

describe('inventory', () => {
  it('lists owned items paged by links.next and meta.total, sorted and filtered by name', async () => {
    const { player } = await playerWithItems(7);
    const first = (await app.inject({ url: '/api/profile/inventory?per_page=5', headers: player.headers })).json();
    expect(first.meta.total).toBe(7);
    expect(first.data).toHaveLength(5);
    expect(first.data[0]).toMatchObject({ id: expect.any(Number), item: { name: expect.any(String), price: expect.any(Number), rarity: expect.any(String), img_url: expect.any(String) } });
    const second = (await app.inject({ url: first.links.next, headers: player.headers })).json();
    expect(second.data).toHaveLength(2);
    expect(second.links.next).toBeNull();
    const byPrice = (await app.inject({ url: '/api/profile/inventory?sort=price_desc&per_page=50', headers: player.headers })).json();
    const prices = byPrice.data.map((e: { item: { price: number } }) => e.item.price);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    const name = byPrice.data[0].item.name as string;
    const filtered = (await app.inject({ url: `/api/profile/inventory?filter[name]=${encodeURIComponent(name.slice(0, 6))}`, headers: player.headers })).json();
    expect(filtered.data.length).toBeGreaterThan(0);
    expect(filtered.data.every((e: { item: { name: string } }) => e.item.name.toLowerCase().includes(name.slice(0, 6).toLowerCase()))).toBe(true);
    expect((await app.inject({ url: '/api/profile/inventory' })).statusCode).toBe(401);
  });

  it('sells an item for its sale price once; a second sell or a stranger gets 422', async () => {
    const { player, ids } = await playerWithItems(1);
    const before = await app.wallet.balance(player.id);
    const item = await app.db.selectFrom('inventory_items').innerJoin('items', 'items.id', 'inventory_items.item_id').select('items.sale_price').where('inventory_items.id', '=', ids[0]!).executeTakeFirstOrThrow();
    const stranger = await createPlayer(app);
    const theft = await app.inject({ method: 'POST', url: `/api/profile/inventory/${ids[0]}/sell`, headers: stranger.headers });
    expect(theft.statusCode).toBe(422);
    const res = await app.inject({ method: 'POST', url: `/api/profile/inventory/${ids[0]}/sell`, headers: player.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toMatch(/^Item sold for \d+\.\d{2} coins$/);
    expect(await app.wallet.balance(player.id)).toBe(before + item.sale_price);
    const again = await app.inject({ method: 'POST', url: `/api/profile/inventory/${ids[0]}/sell`, headers: player.headers });
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe('This item is no longer in your inventory.');
    expect(await app.wallet.balance(player.id)).toBe(before + item.sale_price);
    await expectLedgerBalanced(app);
  });

  it('batch-sells all or none', async () => {
    const { player, ids } = await playerWithItems(4);
    await app.inject({ method: 'POST', url: `/api/profile/inventory/${ids[0]}/sell`, headers: player.headers });
    const before = await app.wallet.balance(player.id);
    const bad = await app.inject({ method: 'POST', url: '/api/profile/inventory/sell', headers: player.headers, payload: { ids } });
    expect(bad.statusCode).toBe(422);
    expect(await app.wallet.balance(player.id)).toBe(before);
    expect(await ownedCount(app, player.id)).toBe(3);
    const good = await app.inject({ method: 'POST', url: '/api/profile/inventory/sell', headers: player.headers, payload: { ids: ids.slice(1) } });
    expect(good.statusCode).toBe(200);
    expect(good.json().msg).toMatch(/^3 items sold for/);
    expect(await ownedCount(app, player.id)).toBe(0);
    expect((await app.inject({ method: 'POST', url: '/api/profile/inventory/sell', headers: player.headers, payload: { ids: [] } })).statusCode).toBe(422);
    await expectLedgerBalanced(app);
  });
});
