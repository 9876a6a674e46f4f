import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pickByTicket, ticketRanges } from '../../../core/fair/index.ts';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { detailOf, expectBattleReDerives, FAST_BATTLES, waitForStatus } from '../../helpers/battles.ts';
import { BATTLE_REFUSALS } from '../../../server/games/battles/battles.ts';
import { listBets } from '../../../server/history/betHistory.ts';
import { catalogCommand } from '../../../server/boxes/catalogCommand.ts';

// The console's catalog and boxes (docs/operator-console.md, "Catalog and boxes"): items and boxes
// created and edited with an audit row each, refusals that change nothing, and box versions: an
// opening and a battle keep the odds they were played (or created) with after the box changes.

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  app = await createTestApp(FAST_BATTLES);
  await seedCatalog(app);
  staff = await createStaff(app, 'operator');
});
afterAll(() => app.close());

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) => app.inject({ method, url, headers: staff.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const auditOf = async (kind: string, id: number) => (await send('GET', `/api/admin/audit?target_kind=${kind}&target_id=${id}`)).json().data as Array<{ action: string; before: unknown; after: unknown; actor_id: number | null }>;
const countOf = async (table: 'items' | 'boxes' | 'box_versions' | 'audit_log') => Number((await app.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

const itemBody = (over: Record<string, unknown> = {}) => ({ name: 'Test Runner', brand: 'Acme', category: 'sneakers', price: 100, rarity: 'uncommon', size_kind: 'shoe', art_kind: null, ...over });

async function newItem(over: Record<string, unknown> = {}): Promise<{ id: number; price: number; slug: string }> {
  const res = await send('POST', '/api/admin/items', itemBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function newBox(name: string, price: number, items: Array<{ item_id: number; odds_units: number }>) {
  const res = await send('POST', '/api/admin/boxes', { name, category: 'sneakers', featured: false, type: 'standard', price, items });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; slug: string; version: { id: number; number: number }; rtp: number };
}

/** Two new items (A and B at the given prices) in a new box with the given odds: version 1. */
async function twoItemBox(name: string, prices: [number, number], units: [number, number], boxPrice: number) {
  const a = await newItem({ name: `${name} Item A`, price: prices[0] });
  const b = await newItem({ name: `${name} Item B`, price: prices[1] });
  const box = await newBox(name, boxPrice, [
    { item_id: a.id, odds_units: units[0] },
    { item_id: b.id, odds_units: units[1] },
  ]);
  return { a, b, box };
}

describe('items', () => {
  it('creates, lists, searches and edits an item, each change with its audit row', async () => {
    const item = await newItem({ name: 'Console Runner 1', art_kind: 'sneakerHigh' });
    expect(item).toMatchObject({ name: 'Console Runner 1', brand: 'Acme', price: 100, sale_price: 90, digital: false, size_kind: 'shoe', art_kind: 'sneakerHigh', held: 0 });
    const found = (await send('GET', '/api/admin/items?search=console runner 1')).json();
    expect(found.data.map((i: { id: number }) => i.id)).toEqual([item.id]);
    const edited = await send('PUT', `/api/admin/items/${item.id}`, itemBody({ name: 'Console Runner One', price: 120.5, rarity: 'rare', art_kind: null }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Console Runner One', price: 120.5, sale_price: 108.45, rarity: 'rare', art_kind: null });
    expect((await auditOf('item', item.id)).map((r) => [r.action, r.actor_id])).toEqual([
      ['item.update', staff.id],
      ['item.create', staff.id],
    ]);
    expect((await auditOf('item', item.id))[0]).toMatchObject({ before: { name: 'Console Runner 1', price: 100 }, after: { name: 'Console Runner One', price: 120.5 } });
    // The same name again is another item, at its own address.
    const twins = [await newItem({ name: 'Twin Runner' }), await newItem({ name: 'Twin Runner' })];
    expect(twins.map((t) => t.slug)).toEqual(['acme-twin-runner', expect.stringMatching(/^acme-twin-runner-[0-9a-f]{8}$/)]);
    // The picked drawing is the served picture.
    const art = await app.inject({ method: 'GET', url: `/api/art/items/${item.id}.svg` });
    expect(art.statusCode).toBe(200);
  });

  it('refuses bad input with a 422 naming the field, changing nothing', async () => {
    const items = await countOf('items');
    const audits = await countOf('audit_log');
    for (const [body, field] of [
      [itemBody({ category: 'cars' }), 'category'],
      [itemBody({ category: 'gift-cards', size_kind: 'shoe' }), 'size_kind'],
      [itemBody({ art_kind: 'spaceship' }), 'art_kind'],
      [itemBody({ price: 1.234 }), 'price'],
      [itemBody({ price: 0 }), 'price'],
      [itemBody({ name: '' }), 'name'],
      [itemBody({ rarity: 'mythic' }), 'rarity'],
    ] as const) {
      const res = await send('POST', '/api/admin/items', body);
      expect([field, res.statusCode]).toEqual([field, 422]);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(await send('PUT', '/api/admin/items/999999', itemBody())).toMatchObject({ statusCode: 404 });
    expect(await countOf('items')).toBe(items);
    expect(await countOf('audit_log')).toBe(audits);
  });

  it('keeps the worth of what players hold: no price, size or digital change while anyone holds the item', async () => {
    const { a, b, box } = await twoItemBox('Held Box', [10, 50], [50_000, 50_000], 40);
    const player = await createPlayer(app, { balance: 1_000_00 });
    const opened = await app.inject({ method: 'POST', url: `/api/boxes/${box.slug}/open`, headers: player.headers, payload: { quantity: 5 } });
    expect(opened.statusCode, opened.body).toBe(200);
    const won = new Set((opened.json().data.openings as Array<{ item: { id: number } }>).map((o) => o.item.id));
    const held = won.has(a.id) ? a : b;
    const audits = await countOf('audit_log');
    const refused = await send('PUT', `/api/admin/items/${held.id}`, itemBody({ name: held.id === a.id ? 'Held Box Item A' : 'Held Box Item B', price: 11 }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.price[0]).toMatch(/^Players hold \d+ of this item/);
    expect((await send('PUT', `/api/admin/items/${held.id}`, itemBody({ price: held.price, size_kind: null }))).statusCode).toBe(422);
    expect((await send('GET', `/api/admin/items/${held.id}`)).json().data).toMatchObject({ price: held.price, size_kind: 'shoe' });
    expect(await countOf('audit_log')).toBe(audits);
    // The name is not worth: it changes.
    expect((await send('PUT', `/api/admin/items/${held.id}`, itemBody({ name: 'Renamed Runner', price: held.price }))).statusCode).toBe(200);
    // A price that would lift a box above 100 % RTP is refused too (at 100 coins: 75 expected of 40).
    const free = await newItem({ name: 'Free Runner', price: 10 });
    await newBox('Rtp Guard Box', 40, [
      { item_id: free.id, odds_units: 50_000 },
      { item_id: b.id, odds_units: 50_000 },
    ]);
    const lifted = await send('PUT', `/api/admin/items/${free.id}`, itemBody({ name: 'Free Runner', price: 100 }));
    expect(lifted.statusCode).toBe(422);
    expect(lifted.json().errors.price[0]).toContain('Rtp Guard Box');
    await expectLedgerBalanced(app);
  });
});

describe('boxes and versions', () => {
  it('creates a box (version 1), refuses odds that do not sum exactly and an RTP above 100 %, publishes version 2; audit rows for each', async () => {
    const a = await newItem({ name: 'Box Item A', price: 10 });
    const b = await newItem({ name: 'Box Item B', price: 100 });
    const boxes = await countOf('boxes');
    const versions = await countOf('box_versions');
    const audits = await countOf('audit_log');
    const create = (items: Array<{ item_id: number; odds_units: number }>, price = 50) => send('POST', '/api/admin/boxes', { name: 'Versioned Box', category: 'sneakers', featured: true, type: 'unique', price, items });
    const short = await create([
      { item_id: a.id, odds_units: 60_000 },
      { item_id: b.id, odds_units: 39_999 },
    ]);
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.items[0]).toBe('The odds must add up to 100% (now 99.999%).');
    const rich = await create([
      { item_id: a.id, odds_units: 40_000 },
      { item_id: b.id, odds_units: 60_000 },
    ]);
    expect(rich.json().errors.items[0]).toMatch(/^The return to player would be 128.00%/);
    expect((await create([{ item_id: a.id, odds_units: 100_000 }])).statusCode).toBe(422);
    expect((await create([{ item_id: a.id, odds_units: 50_000 }, { item_id: a.id, odds_units: 50_000 }])).statusCode).toBe(422);
    expect((await create([{ item_id: a.id, odds_units: 50_000 }, { item_id: 999_999, odds_units: 50_000 }])).statusCode).toBe(422);
    expect([await countOf('boxes'), await countOf('box_versions'), await countOf('audit_log')]).toEqual([boxes, versions, audits]);

    const ok = await create([
      { item_id: a.id, odds_units: 60_000 },
      { item_id: b.id, odds_units: 40_000 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const box = ok.json().data;
    expect(box).toMatchObject({ slug: 'versioned-box', type: 'unique', featured: true, price: 50, version: { number: 1 }, items_count: 2, rtp: 0.92 });
    // The same name again: its address is taken.
    expect((await create([{ item_id: a.id, odds_units: 60_000 }, { item_id: b.id, odds_units: 40_000 }])).json().errors.name[0]).toContain('/boxes/versioned-box');

    const details = await send('PUT', `/api/admin/boxes/${box.id}`, { name: 'Versioned Box Deluxe', category: 'mixed', featured: false });
    expect(details.json().data).toMatchObject({ name: 'Versioned Box Deluxe', category: 'mixed', featured: false, version: { number: 1 } });
    const v2 = await send('POST', `/api/admin/boxes/${box.id}/versions`, { price: 60, items: [{ item_id: b.id, odds_units: 50_000 }, { item_id: a.id, odds_units: 50_000 }] });
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json().message).toBe('Version 2 published.');
    const detail = v2.json().data;
    expect(detail).toMatchObject({ price: 60, version: { number: 2 }, rtp: 0.9166666666666666 });
    expect(detail.items.map((i: { id: number; odds_units: number }) => [i.id, i.odds_units])).toEqual([[b.id, 50_000], [a.id, 50_000]]);
    expect(detail.versions.map((v: { number: number; current: boolean; price: number }) => [v.number, v.current, v.price])).toEqual([[2, true, 60], [1, false, 50]]);

    expect((await auditOf('box', box.id)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['box.publish', { version: 1, price: 50, items: [{ item_id: a.id, odds_units: 60_000 }, { item_id: b.id, odds_units: 40_000 }] }, { version: 2, price: 60, items: [{ item_id: b.id, odds_units: 50_000 }, { item_id: a.id, odds_units: 50_000 }] }],
      ['box.update', { name: 'Versioned Box', category: 'sneakers', featured: true }, { name: 'Versioned Box Deluxe', category: 'mixed', featured: false }],
      ['box.create', null, { slug: 'versioned-box', name: 'Versioned Box', type: 'unique', category: 'sneakers', featured: true, version: 1, price: 50, items: [{ item_id: a.id, odds_units: 60_000 }, { item_id: b.id, odds_units: 40_000 }] }],
    ]);
    // A published version can never be rewritten, not even by our own code.
    await expect(app.db.updateTable('box_version_items').set({ odds_units: 1 }).where('version_id', '=', box.version.id).execute()).rejects.toThrow(/immutable/);
    await expect(app.db.deleteFrom('box_versions').where('id', '=', box.version.id).execute()).rejects.toThrow(/immutable/);
  });

  it('an opening keeps the odds it was played with: its verify link names its version, whose ranges give the item it won', async () => {
    // Version 1: A almost surely; version 2: B almost surely.
    const { a, b, box } = await twoItemBox('Verify Box', [10, 20], [99_999, 1], 20);
    const player = await createPlayer(app, { balance: 100_00 });
    const first = await app.inject({ method: 'POST', url: `/api/boxes/${box.slug}/open`, headers: player.headers, payload: { quantity: 1 } });
    expect(first.statusCode, first.body).toBe(200);
    const v2 = await send('POST', `/api/admin/boxes/${box.id}/versions`, { price: 20, items: [{ item_id: a.id, odds_units: 1 }, { item_id: b.id, odds_units: 99_999 }] });
    expect(v2.statusCode, v2.body).toBe(200);
    const second = await app.inject({ method: 'POST', url: `/api/boxes/${box.slug}/open`, headers: player.headers, payload: { quantity: 1 } });
    const rows = await app.db.selectFrom('inventory_items').select(['id', 'item_id', 'ticket', 'box_version_id']).where('user_id', '=', player.id).orderBy('id').execute();
    expect(rows.map((r) => Number(r.box_version_id))).toEqual([box.version.id, v2.json().data.version.id]);
    expect(rows.map((r) => Number(r.item_id))).toEqual([first.json().data.openings[0].item.id, second.json().data.openings[0].item.id]);

    const history = await app.inject({ method: 'GET', url: '/api/profile/bets?game=box', headers: player.headers });
    expect(history.statusCode, history.body).toBe(200);
    const links = (history.json().data as Array<{ verify_path: string }>).map((r) => new URL(r.verify_path, 'http://x').searchParams.get('box_version'));
    expect(links.sort()).toEqual([String(box.version.id), String(v2.json().data.version.id)].sort());
    for (const row of rows) {
      const version = (await app.inject({ method: 'GET', url: `/api/box-versions/${row.box_version_id}` })).json().data;
      const ranges = ticketRanges(version.items.map((i: { odds_units: number }) => i.odds_units));
      expect(version.items[pickByTicket(row.ticket!, ranges)].id).toBe(Number(row.item_id));
    }
    expect((await app.inject({ method: 'GET', url: `/api/box-versions/${box.version.id}` })).json().data).toMatchObject({ number: 1, current: false, box: { slug: 'verify-box' } });
    expect((await app.inject({ method: 'GET', url: '/api/box-versions/999999' })).statusCode).toBe(404);
    await expectLedgerBalanced(app);
  });

  it('a box republished with a pending battle of that box: the battle never plays the old version; every waiting battle of the box is refunded once', async () => {
    // The shop's worry: battles left waiting at a cheap version, the box republished dearer and an
    // item raised (allowed: the new version's RTP stays under 100 %), then bots fill the old battles.
    const { a, b, box } = await twoItemBox('Battle Edit Box', [10, 20], [99_999, 1], 20);
    const start = 200_00;
    const player = await createPlayer(app, { balance: start });
    const create = async () => {
      const created = await app.inject({ method: 'POST', url: '/api/battles/create', headers: player.headers, payload: { boxes: [{ slug: box.slug, quantity: 3 }], mode: '1v1', private: true } });
      expect(created.statusCode, created.body).toBe(200);
      return created.json().data as { id: number; key: string };
    };
    const first = await create();
    const second = await create();
    expect(await app.wallet.balance(player.id)).toBe(start - 2 * 60_00);
    const v2 = await send('POST', `/api/admin/boxes/${box.id}/versions`, { price: 40, items: [{ item_id: a.id, odds_units: 99_999 }, { item_id: b.id, odds_units: 1 }] });
    expect(v2.statusCode, v2.body).toBe(200);
    const raised = await send('PUT', `/api/admin/items/${b.id}`, itemBody({ name: 'Battle Edit Box Item B', price: 300 }));
    expect(raised.statusCode, raised.body).toBe(200);
    // Filling the old battle refunds it instead of starting it on version 1 with B now worth 300.
    const bots = await app.inject({ method: 'POST', url: `/api/battles/${first.id}/add-bots`, headers: player.headers, payload: { bots: 1 } });
    expect(bots.statusCode).toBe(422);
    expect(bots.json()).toEqual({ message: BATTLE_REFUSALS.boxChanged, data: { msg: BATTLE_REFUSALS.boxChanged } });
    expect(await detailOf(app, first.id, first.key)).toMatchObject({ status: 'canceled', canceled_reason: 'box_changed', seats_filled: 1, expires_at: null });
    // The other one is refunded by the battle clock without anyone touching it.
    expect(await waitForStatus(app, second.id, 'canceled', 20_000, second.key)).toMatchObject({ canceled_reason: 'box_changed' });
    expect(await app.db.selectFrom('battle_rolls').select('seat').where('battle_id', 'in', [first.id, second.id]).execute()).toEqual([]);
    expect(await app.wallet.balance(player.id)).toBe(start);
    const refunds = await app.db.selectFrom('ledger_entries').innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id').select('amount').where('reference', 'in', [`battle:${first.id}`, `battle:${second.id}`]).where('reason', '=', 'battle_refund').where('accounts.user_id', '=', player.id).execute();
    expect(refunds).toHaveLength(2);
    const history = await listBets(app.db, { userId: player.id, game: 'battle' }, { limit: 10 });
    expect(history.rows.map((r) => r.result)).toEqual(['Canceled (box changed), seat refunded', 'Canceled (box changed), seat refunded']);
    // A battle created now plays the current version.
    const third = await create();
    expect((await app.inject({ method: 'POST', url: `/api/battles/${third.id}/add-bots`, headers: player.headers, payload: { bots: 1 } })).statusCode).toBe(200);
    const d = await waitForStatus(app, third.id, 'ended', 20_000, third.key);
    expect(d.rounds.map((r) => r.box.version_id)).toEqual([v2.json().data.version.id, v2.json().data.version.id, v2.json().data.version.id]);
    await expectBattleReDerives(app, d);
    await expectLedgerBalanced(app);
  });

  it('lists boxes and shows a box’s versions from the ops command, and publishes audited as the command', async () => {
    const { a, b, box } = await twoItemBox('Ops Box', [10, 20], [50_000, 50_000], 20);
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((line: string) => written.push(line) > 0) as typeof process.stdout.write;
    try {
      await catalogCommand.run(app, { box: box.slug, price: '25', items: `${a.id}:30000,${b.id}:70000` }, ['publish']);
      await catalogCommand.run(app, { search: 'Ops Box' }, ['boxes']);
      await catalogCommand.run(app, { box: box.slug }, ['versions']);
    } finally {
      process.stdout.write = write;
    }
    const text = written.join('');
    expect(text).toContain('ops-box: version 2 published');
    expect(text).toMatch(/ops-box\tOps Box\tstandard\t25\.00\tv2\t2 items\tRTP 68\.00%/);
    expect(text).toMatch(/v2 \(current\)\t25\.00\tRTP 68\.00%\t0 openings/);
    expect(text).toMatch(/v1\t20\.00\tRTP 75\.00%/);
    const [row] = await auditOf('box', box.id);
    expect(row).toMatchObject({ action: 'box.publish', actor_id: null });
    await expect(catalogCommand.run(app, { box: box.slug, price: '25', items: `${a.id}:30000,${b.id}:60000` }, ['publish'])).rejects.toThrow(/add up to 100%/);
  });
});
