import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ticket } from '../../../../core/fair/index.ts';
import { upgradeWinningTickets } from '../../../../core/games/upgrade.ts';
import { createPlayer, createTestApp } from '../../../helpers/testApp.ts';
import { catalogItem, giveItem, inventoryOf } from './upgradeHelpers.ts';
import { seedPairOf, betsOf } from '../../../helpers/queries.ts';
import { DROPS_CHANNEL, type Drop } from '../../../../core/protocol/realtime.ts';

// POST /api/upgrade: inputs consumed owned → consumed in the same transaction as the roll; a win
// adds the target to the inventory; refused input (someone else's item, unknown target, chance out
// of bounds, above the balance) is a 422 and nothing changes.

let app: FastifyInstance;
const drops: Drop[] = [];
beforeAll(async () => {
  app = await createTestApp();
  app.bus.subscribe((m) => m.channel === DROPS_CHANNEL && drops.push(m.data as Drop));
});
afterAll(async () => {
  await app.close();
});

const item = (priceCents: number) => catalogItem(app, priceCents);
const give = (userId: number, itemId: number) => giveItem(app, userId, itemId);
const owned = (userId: number) => inventoryOf(app, userId);

describe('POST /api/upgrade', () => {
  it('consumes the inputs, rolls a ticket from the seed pair and adds the target on a win', async () => {
    const p = await createPlayer(app, { balance: 100_000 });
    const cheap = await item(1_000);
    const target = await item(2_000);
    let wins = 0;
    for (let i = 0; i < 12; i++) {
      const input = await give(p.id, cheap);
      const res = await app.inject({ method: 'POST', url: '/api/upgrade', headers: p.headers, payload: { inventory_ids: [input], amount: 0, target_item_id: target } });
      expect(res.statusCode).toBe(200);
      const d = res.json().data;
      const pair = await seedPairOf(app.db, p.id);
      expect(d.roll).toBe(ticket(pair.server_seed, pair.client_seed, d.nonce));
      expect(d.chance).toBe(47.5);
      expect(d.win).toBe(d.roll <= upgradeWinningTickets(1_000, 2_000));
      const inv = await owned(p.id);
      expect(inv.find((r) => r.id === input)!.state).toBe('consumed');
      if (d.win) {
        wins += 1;
        expect(d.item).toMatchObject({ item: { id: target, price: 20 } });
        expect(inv.find((r) => r.id === d.item.id)).toMatchObject({ item_id: target, state: 'owned' });
      } else expect(d.item).toBeUndefined();
      expect(d.balance).toBe(1000);
    }
    const targets = (await owned(p.id)).filter((r) => r.item_id === target);
    expect(targets).toHaveLength(wins);
    // Every win, and only a win, is a live drop named by its game; the feed's list holds them too.
    const mine = drops.filter((x) => x.user_id === p.id);
    expect(mine).toHaveLength(wins);
    for (const x of mine) expect(x).toMatchObject({ game: 'upgrade', box: { name: 'Upgrade' }, item: { price: 20 } });
    const listed = (await app.inject({ method: 'GET', url: '/api/last-drops?limit=50' })).json().data as Drop[];
    expect(listed.filter((x) => x.user_id === p.id).map((x) => x.id).sort()).toEqual(mine.map((x) => x.id).sort());
    const bets = await betsOf(app.db, p.id);
    expect(bets).toHaveLength(12);
    const user = await app.db.selectFrom('users').select('wagered').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(Number(user.wagered)).toBe(12 * 1_000);
  });

  it('takes balance as input, alone or with items', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    const target = await item(10_000);
    const res = await app.inject({ method: 'POST', url: '/api/upgrade', headers: p.headers, payload: { inventory_ids: [], amount: 25.5, target_item_id: target } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.chance).toBe(24.225);
    expect(d.balance).toBe(100 - 25.5);
    expect(await app.wallet.balance(p.id)).toBe(10_000 - 2_550);
  });

  async function refused(payload: Record<string, unknown>, field: string, setup: { playerId: number; headers: Record<string, string> }) {
    const before = { balance: await app.wallet.balance(setup.playerId), inv: await owned(setup.playerId) };
    const res = await app.inject({ method: 'POST', url: '/api/upgrade', headers: setup.headers, payload });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await app.wallet.balance(setup.playerId)).toBe(before.balance);
    expect(await owned(setup.playerId)).toEqual(before.inv);
    expect(await betsOf(app.db, setup.playerId)).toHaveLength(0);
  }

  it('422 for someone else’s item, and neither inventory changes', async () => {
    const me = await createPlayer(app, { balance: 1_000 });
    const other = await createPlayer(app);
    const theirs = await give(other.id, await item(1_000));
    const mine = await give(me.id, await item(1_000));
    const target = await item(3_000);
    await refused({ inventory_ids: [mine, theirs], amount: 0, target_item_id: target }, 'inventory_ids', { playerId: me.id, headers: me.headers });
    expect((await owned(other.id))[0]!.state).toBe('owned');
  });

  it('422 for bad amounts, unknown targets, out-of-bounds chances and above the balance', async () => {
    const p = await createPlayer(app, { balance: 1_000 });
    const mine = await give(p.id, await item(500));
    const target = await item(5_000);
    const s = { playerId: p.id, headers: p.headers };
    await refused({ inventory_ids: [mine], amount: -1, target_item_id: target }, 'amount', s);
    await refused({ inventory_ids: [mine], amount: 'NaN', target_item_id: target }, 'amount', s);
    await refused({ inventory_ids: [mine], amount: 1.234, target_item_id: target }, 'amount', s);
    await refused({ inventory_ids: [mine], amount: 1.000000001, target_item_id: target }, 'amount', s);
    await refused({ inventory_ids: [mine], amount: 10.01, target_item_id: target }, 'amount', s);
    await refused({ inventory_ids: [], amount: 0, target_item_id: target }, 'amount', s);
    await refused({ inventory_ids: [mine], amount: 0, target_item_id: 99_999_999 }, 'target_item_id', s);
    // 5 / 5000 × 0.95 = 0.095 %: below the 1 % minimum.
    await refused({ inventory_ids: [], amount: 0.05, target_item_id: target }, 'target_item_id', s);
    // 500 / 510 × 0.95 ≈ 93 %: above the 80 % maximum.
    await refused({ inventory_ids: [mine], amount: 0, target_item_id: await item(510) }, 'target_item_id', s);
    await refused({ inventory_ids: [mine, mine], amount: 0, target_item_id: target }, 'inventory_ids', s);
  });

  it('lists targets cheapest first above a price', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/upgrade/items?min_price=20&limit=5' });
    const rows = res.json().data;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.price).toBeGreaterThanOrEqual(20);
    for (let i = 1; i < rows.length; i++) expect(rows[i].price).toBeGreaterThanOrEqual(rows[i - 1].price);
  });

  it('filters targets by a price window and by name', async () => {
    for (const price of [49_00, 60_00, 110_00, 130_00]) await item(price);
    const res = await app.inject({ method: 'GET', url: '/api/upgrade/items?min_price=50&max_price=120&limit=100' });
    const rows = res.json().data as { name: string; price: number }[];
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) expect(r.price >= 50 && r.price <= 120).toBe(true);
    const one = (await app.db.selectFrom('items').select('name').where('price', '=', 60_00).executeTakeFirstOrThrow()).name;
    const named = (await app.inject({ method: 'GET', url: `/api/upgrade/items?name=${encodeURIComponent(one.slice(-8).toUpperCase())}&max_price=60` })).json().data as { name: string; price: number }[];
    expect(named.map((r) => r.name)).toContain(one);
    for (const r of named) expect(r.name.toLowerCase()).toContain(one.slice(-8).toLowerCase());
    for (const r of named) expect(r.price).toBeLessThanOrEqual(60);
    expect((await app.inject({ method: 'GET', url: '/api/upgrade/items?max_price=-1' })).statusCode).toBe(422);
  });
});
