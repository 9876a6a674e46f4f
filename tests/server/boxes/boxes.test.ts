import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ticket } from '../../../core/fair/index.ts';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { expectLedgerBalanced, ownedCount, seedCatalog } from '../../helpers/boxes.ts';
import { catalogBoxes } from '../../../server/boxes/catalog/boxes.ts';
import type { BusMessage } from '../../../server/realtime/bus.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app);
});
afterAll(() => app.close());

describe('catalog', () => {
  it('seeds at least 15 boxes and 150 items over the six categories, and seeding again changes nothing', async () => {
    const boxes = await app.db.selectFrom('boxes').select('slug').execute();
    const items = await app.db.selectFrom('items').select(['id', 'category']).execute();
    expect(boxes.filter((b) => !b.slug.startsWith('free-')).length).toBeGreaterThanOrEqual(15);
    expect(items.length).toBeGreaterThanOrEqual(150);
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(['sneakers', 'tech', 'watches', 'fashion', 'gaming', 'gift-cards']));
    await seedCatalog(app);
    expect((await app.db.selectFrom('items').select('id').execute()).length).toBe(items.length);
    expect((await app.db.selectFrom('boxes').select('id').execute()).length).toBe(boxes.length);
  });

  it('lists boxes paged with search, filters and sort', async () => {
    const all = await app.inject({ url: '/api/boxes?per_page=5&sort=price_asc' });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.data).toHaveLength(5);
    expect(body.meta.total).toBe(catalogBoxes.filter((b) => !b.freeLevel).length);
    expect(body.links.next).toContain('page=2');
    const prices = body.data.map((b: { price: number }) => b.price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    expect(body.data[0]).toMatchObject({ slug: expect.any(String), name: expect.any(String), type: expect.stringMatching(/standard|unique/), img_url: expect.stringMatching(/^\/api\/art\/boxes\/.+\.svg$/) });

    const search = (await app.inject({ url: '/api/boxes?search=rolex' })).json();
    expect(search.data.map((b: { slug: string }) => b.slug)).toEqual(['rolex-royale']);
    const unique = (await app.inject({ url: '/api/boxes?type=unique&per_page=100' })).json();
    expect(unique.data.length).toBeGreaterThan(0);
    expect(unique.data.every((b: { type: string }) => b.type === 'unique')).toBe(true);
    const range = (await app.inject({ url: '/api/boxes?price_from=50&price_to=120&per_page=100' })).json();
    expect(range.data.every((b: { price: number }) => b.price >= 50 && b.price <= 120)).toBe(true);
    const cat = (await app.inject({ url: '/api/boxes?category=watches&per_page=100' })).json();
    expect(cat.data.length).toBe(3);
    expect((await app.inject({ url: '/api/boxes?sort=cheapest' })).statusCode).toBe(422);
  });

  it('shows a box with odds and ticket ranges that tile 1..100000', async () => {
    const res = await app.inject({ url: '/api/boxes/sneakerhead' });
    expect(res.statusCode).toBe(200);
    const box = res.json().data;
    expect(box.slug).toBe('sneakerhead');
    expect(box.items.length).toBeGreaterThan(5);
    expect(box.items[0].ticket_from).toBe(1);
    expect(box.items.at(-1).ticket_to).toBe(100_000);
    for (let k = 1; k < box.items.length; k += 1) expect(box.items[k].ticket_from).toBe(box.items[k - 1].ticket_to + 1);
    const oddsSum = box.items.reduce((s: number, i: { odds: number }) => s + i.odds, 0);
    expect(Math.round(oddsSum * 1000)).toBe(100_000);
    // The price is the expected value plus the 10 % house edge.
    const ev = box.items.reduce((s: number, i: { odds: number; price: number }) => s + (i.odds / 100) * i.price, 0);
    expect(box.price).toBeCloseTo(ev / 0.9, 1);
    expect((await app.inject({ url: '/api/boxes/nope' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/boxes/free-level-1' })).statusCode).toBe(404);
  });

  it('serves generated SVG art for items and boxes', async () => {
    const box = (await app.inject({ url: '/api/boxes/tech-drop' })).json().data;
    const art = await app.inject({ url: box.items[0].img_url });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toContain('image/svg+xml');
    expect(art.body).toMatch(/^<svg/);
    const other = await app.inject({ url: box.items[1].img_url });
    expect(other.body).not.toBe(art.body);
    expect((await app.inject({ url: box.img_url })).body).toMatch(/^<svg/);
    expect((await app.inject({ url: '/api/art/items/999999.svg' })).statusCode).toBe(404);
  });
});

describe('opening', () => {
  it('debits, rolls the next nonce, stores the item and announces the drops after commit', async () => {
    const player = await createPlayer(app, { balance: 1_000_00, name: 'Opener' });
    const drops: BusMessage[] = [];
    const off = app.bus.subscribe((m) => m.event === 'lastDrop' && drops.push(m));
    const box = (await app.inject({ url: '/api/boxes/gift-card-grab' })).json().data;
    const res = await app.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/open', headers: player.headers, payload: { quantity: 3 } });
    off();
    expect(res.statusCode).toBe(200);
    const { openings, balance } = res.json().data;
    expect(openings).toHaveLength(3);
    expect(balance).toBeCloseTo(1000 - 3 * box.price, 2);
    expect(openings.map((o: { roll: { nonce: number } }) => o.roll.nonce)).toEqual([openings[0].roll.nonce, openings[0].roll.nonce + 1, openings[0].roll.nonce + 2]);
    for (const o of openings) {
      const range = box.items.find((i: { id: number }) => i.id === o.item.id);
      expect(o.roll.ticket).toBeGreaterThanOrEqual(range.ticket_from);
      expect(o.roll.ticket).toBeLessThanOrEqual(range.ticket_to);
      expect(o.roll.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(drops).toHaveLength(3);
    // Who won what from which box (the feed's words and its link: docs/realtime.md "Live drops").
    expect(drops.map((d) => d.data)).toEqual(
      openings.map((o: { item: { name: string; price: number } }) =>
        expect.objectContaining({ id: expect.any(Number), user_id: player.id, user_name: 'Opener', box: expect.objectContaining({ slug: 'gift-card-grab', kind: 'box', name: box.name }), item: expect.objectContaining({ name: o.item.name, price: o.item.price }) }),
      ),
    );
    expect(await ownedCount(app, player.id)).toBe(3);
    const user = await app.db.selectFrom('users').select('wagered').where('id', '=', player.id).executeTakeFirstOrThrow();
    expect(user.wagered).toBe(Math.round(box.price * 100) * 3);
    await expectLedgerBalanced(app);
  });

  it('the stored roll reproduces the ticket once the server seed is revealed', async () => {
    const player = await createPlayer(app, { balance: 100_00 });
    const res = await app.inject({ method: 'POST', url: '/api/boxes/gamer-credits/open', headers: player.headers, payload: { quantity: 1 } });
    const opening = res.json().data.openings[0];
    const row = await app.db.selectFrom('inventory_items').select(['seed_pair_id', 'nonce', 'ticket']).where('id', '=', opening.inventory_id).executeTakeFirstOrThrow();
    expect(row.nonce).toBe(opening.roll.nonce);
    expect(row.ticket).toBe(opening.roll.ticket);
    const pair = await app.db.selectFrom('seed_pairs').select(['server_seed', 'client_seed']).where('id', '=', row.seed_pair_id!).executeTakeFirstOrThrow();
    expect(ticket(pair.server_seed, pair.client_seed, row.nonce!)).toBe(row.ticket);
  });

  it('rejects a bad quantity with 422 and changes nothing', async () => {
    const player = await createPlayer(app, { balance: 1_000_00 });
    for (const quantity of [0, 6, 1.5, 'two']) {
      const res = await app.inject({ method: 'POST', url: '/api/boxes/sneakerhead/open', headers: player.headers, payload: { quantity } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.quantity[0]).toBe('The quantity must be a whole number from 1 to 5.');
    }
    expect(await app.wallet.balance(player.id)).toBe(1_000_00);
    expect(await ownedCount(app, player.id)).toBe(0);
  });

  it("answers 422 'Insufficient balance' and changes nothing when short", async () => {
    const player = await createPlayer(app, { balance: 1_00 });
    const res = await app.inject({ method: 'POST', url: '/api/boxes/high-roller/open', headers: player.headers, payload: { quantity: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ msg: 'Insufficient balance', message: 'Insufficient balance' });
    expect(await app.wallet.balance(player.id)).toBe(1_00);
    expect(await ownedCount(app, player.id)).toBe(0);
    expect((await app.db.selectFrom('drops').select('id').where('user_id', '=', player.id).execute()).length).toBe(0);
  });

  it('needs a login and a known box', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/boxes/sneakerhead/open', payload: { quantity: 1 } })).json()).toEqual({ message: 'Unauthenticated.' });
    const player = await createPlayer(app, { balance: 1_000_00 });
    expect((await app.inject({ method: 'POST', url: '/api/boxes/missing/open', headers: player.headers, payload: { quantity: 1 } })).statusCode).toBe(404);
  });
});

describe('free loot', () => {
  it('opens a level box once per 24 h for free, and refuses a level too high', async () => {
    const player = await createPlayer(app, { deposited: 5_00 });
    const list = (await app.inject({ url: '/api/free-boxes', headers: player.headers })).json();
    expect(list.data.map((b: { level: number }) => b.level)).toEqual([1, 10, 20, 30, 50]);
    const first = await app.inject({ method: 'POST', url: '/api/free-boxes/free-level-1/open', headers: player.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.openings).toHaveLength(1);
    expect(first.json().data.balance).toBe(5); // the deposit, untouched
    const again = await app.inject({ method: 'POST', url: '/api/free-boxes/free-level-1/open', headers: player.headers });
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe('You have already opened this box today. Come back tomorrow!');
    const high = await app.inject({ method: 'POST', url: '/api/free-boxes/free-level-10/open', headers: player.headers });
    expect(high.json()).toMatchObject({ msg: 'You need level 10 to open this box.' });
    // A day later the box opens again.
    await app.db.updateTable('free_box_claims').set({ claimed_at: new Date(Date.now() - 25 * 3_600_000) }).where('user_id', '=', player.id).execute();
    expect((await app.inject({ method: 'POST', url: '/api/free-boxes/free-level-1/open', headers: player.headers })).statusCode).toBe(200);
    expect(await ownedCount(app, player.id)).toBe(2);
    expect((await app.inject({ method: 'POST', url: '/api/free-boxes/sneakerhead/open', headers: player.headers })).statusCode).toBe(404);
  });
});

describe('user boxes', () => {
  async function twoItems() {
    const box = (await app.inject({ url: '/api/boxes/tech-drop' })).json().data;
    return [box.items[0].id as number, box.items[5].id as number];
  }

  it('creates a custom box within the odds limits and pays its creator on every opening', async () => {
    const creator = await createPlayer(app, { balance: 0 });
    const [a, b] = await twoItems();
    const created = await app.inject({ method: 'POST', url: '/api/user-boxes', headers: creator.headers, payload: { name: 'My Tech', items: [{ id: a, odds: 90 }, { id: b, odds: 10 }] } });
    expect(created.statusCode).toBe(201);
    const box = created.json().data;
    expect(box.type).toBe('custom');
    expect(box.items.map((i: { odds: number }) => i.odds)).toEqual([90, 10]);
    const mine = (await app.inject({ url: '/api/user-boxes/mine', headers: creator.headers })).json();
    expect(mine.data.map((x: { slug: string }) => x.slug)).toEqual([box.slug]);
    const all = (await app.inject({ url: '/api/user-boxes' })).json();
    expect(all.data.some((x: { slug: string; creator: { id: number } }) => x.slug === box.slug && x.creator.id === creator.id)).toBe(true);
    expect((await app.inject({ url: '/api/boxes?type=custom' })).json().data).toEqual([]);

    const player = await createPlayer(app, { balance: 10_000_00 });
    const res = await app.inject({ method: 'POST', url: `/api/user-boxes/${box.slug}/open`, headers: player.headers, payload: { quantity: 2 } });
    expect(res.statusCode).toBe(200);
    expect(await app.wallet.balance(creator.id)).toBe(Math.floor(Math.round(box.price * 100) * 0.01) * 2);
    await expectLedgerBalanced(app);
  });

  it('shows the first validation error', async () => {
    const creator = await createPlayer(app);
    const [a, b] = await twoItems();
    const cases: [unknown, string, string][] = [
      [{ name: 'ab', items: [{ id: a, odds: 50 }, { id: b, odds: 50 }] }, 'name', 'The name must be 3 to 40 characters.'],
      [{ name: 'Solo', items: [{ id: a, odds: 100 }] }, 'items', 'A box needs at least 2 items.'],
      [{ name: 'Sum', items: [{ id: a, odds: 50 }, { id: b, odds: 40 }] }, 'items', 'The odds must add up to 100% (now 90%).'],
      [{ name: 'Tiny', items: [{ id: b, odds: 0.005 }, { id: a, odds: 99.995 }] }, 'items', "Each item's odds must be at least 0.01% with at most 3 decimals."],
      [{ name: 'Sure', items: [{ id: a, odds: 96 }, { id: b, odds: 4 }] }, 'items', "An item's odds may be at most 95%."],
      [{ name: 'Twice', items: [{ id: a, odds: 50 }, { id: a, odds: 50 }] }, 'items', 'Each item may appear only once.'],
      [{ name: 'Ghost', items: [{ id: a, odds: 50 }, { id: 99_999_999, odds: 50 }] }, 'items', 'Some of the chosen items do not exist.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/user-boxes', headers: creator.headers, payload: payload as object });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field][0]).toBe(message);
      expect(res.json().message).toBe(message);
    }
    expect((await app.inject({ url: '/api/user-boxes/mine', headers: creator.headers })).json().meta.total).toBe(0);
  });
});
