import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { expectLedgerBalanced, seedCatalog } from '../../helpers/boxes.ts';

// The catalog's locks on real PostgreSQL (PGlite is one connection and cannot show them;
// docs/operator-console.md, "Catalog and boxes").
describe.runIf(hasPostgres)('the console catalog under concurrency (PostgreSQL)', () => {
  let app: FastifyInstance;
  let staff: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    app = await createPostgresTestApp();
    await seedCatalog(app);
    staff = await createStaff(app, 'admin');
  });
  afterAll(() => app?.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object) => app.inject({ method, url, headers: staff.headers, payload });
  const itemBody = (name: string, price: number) => ({ name, brand: 'Race', category: 'tech', price, rarity: 'common', size_kind: null, art_kind: null });

  it('a price edit waits for an opening in flight that drops the item, then refuses (the player holds it)', async () => {
    const item = (await send('POST', '/api/admin/items', itemBody('Race Item', 10))).json().data;
    const player = await createPlayer(app);
    // An opening's transaction that has written the item's inventory row but not committed yet.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const inserted = new Promise<void>((resolve) => (written = resolve));
    const opening = app.db.transaction().execute(async (trx) => {
      await trx.insertInto('inventory_items').values({ user_id: player.id, item_id: item.id, box_id: null }).execute();
      written();
      await held;
    });
    await inserted;
    let settled = false;
    const edit = send('PUT', `/api/admin/items/${item.id}`, itemBody('Race Item', 20)).then((res) => ((settled = true), res));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled, 'the edit waits for the opening').toBe(false);
    commit();
    await opening;
    const res = await edit;
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.price[0]).toMatch(/^Players hold 1 of this item/);
    expect(Number((await app.db.selectFrom('items').select('price').where('id', '=', item.id).executeTakeFirstOrThrow()).price)).toBe(10_00);
  });

  it('publishing two versions of one box at once: numbers 1, 2, 3 without a gap, each audited', async () => {
    const a = (await send('POST', '/api/admin/items', itemBody('Race A', 10))).json().data;
    const b = (await send('POST', '/api/admin/items', itemBody('Race B', 20))).json().data;
    const items = [
      { item_id: a.id, odds_units: 50_000 },
      { item_id: b.id, odds_units: 50_000 },
    ];
    const box = (await send('POST', '/api/admin/boxes', { name: 'Race Box', category: 'tech', featured: false, type: 'standard', price: 20, items })).json().data;
    const results = await Promise.all([20, 25].map((price) => send('POST', `/api/admin/boxes/${box.id}/versions`, { price, items })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const numbers = await app.db.selectFrom('box_versions').select('number').where('box_id', '=', box.id).orderBy('number').execute();
    expect(numbers.map((n) => n.number)).toEqual([1, 2, 3]);
    const audits = await app.db.selectFrom('audit_log').select('action').where('target_kind', '=', 'box').where('target_id', '=', String(box.id)).execute();
    expect(audits.map((r) => r.action).sort()).toEqual(['box.create', 'box.publish', 'box.publish']);
    await expectLedgerBalanced(app);
  });
});
