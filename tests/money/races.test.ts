import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../helpers/testApp.ts';
import { seedCatalog } from '../helpers/boxes.ts';
import { mintCodes } from '../../server/promo/giftCodes.ts';
import { invariantViolations } from './invariants.ts';

// Races on PostgreSQL for every endpoint that moves money or items: N parallel conflicting
// requests, then the invariant check (tests/money/invariants.ts). RACE_N (default 20) sets N;
// a longer run: RACE_N=200. The last block proves the check fails on a deliberately broken endpoint.

const N = Number(process.env.RACE_N ?? 20);
const address = { first_name: 'A', last_name: 'B', email: 'a@example.com', phone: '+44 20 7946 0000', country: 'Germany', country_state: 'Berlin', city: 'Berlin', postal_code: '10115', street_address: 'Main 1' };

describe.runIf(hasPostgres)('money and item races on PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
    await seedCatalog(app);
  });
  afterAll(async () => {
    expect(await invariantViolations(app)).toEqual([]); // after every race of the file, together
    await app.close();
  });

  type Player = Awaited<ReturnType<typeof createPlayer>>;
  const post = (player: Player, url: string, payload?: object) => app.inject({ method: 'POST', url, headers: player.headers, ...(payload ? { payload } : {}) });
  const parallel = <T extends { statusCode: number }>(count: number, send: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  const ok = (answers: Array<{ statusCode: number }>) => answers.filter((a) => a.statusCode >= 200 && a.statusCode < 300).length;
  async function ownedItems(player: Player) {
    await post(player, '/api/profile/shipping-address', address);
    // Console Wars: parcels without sizes, so a delivery of one is a real contender in the races.
    const opened = await post(player, '/api/boxes/console-wars/open', { quantity: 1 });
    expect(opened.statusCode).toBe(200);
    return opened.json().data.openings.map((o: { inventory_id: number }) => o.inventory_id) as number[];
  }

  it('dice and plinko bets beyond the balance: never more than it pays for', async () => {
    const player = await createPlayer(app, { balance: 5_00 });
    const answers = await parallel(N * 2, (i) => (i % 2 ? post(player, '/api/dice/bet', { amount: 1, target: 50, direction: 'under' }) : post(player, '/api/plinko/bet', { amount: 1, rows: 8, risk: 'low' })));
    expect(ok(answers)).toBeGreaterThan(0);
    expect(answers.every((a) => [200, 422].includes(a.statusCode))).toBe(true);
    expect(await invariantViolations(app)).toEqual([]);
  });

  it('box openings beyond the balance', async () => {
    const price = (await app.inject({ url: '/api/boxes/gift-card-grab' })).json().data.price as number;
    const player = await createPlayer(app, { balance: Math.round(price * 100) * 3 });
    const answers = await parallel(N, () => post(player, '/api/boxes/gift-card-grab/open', { quantity: 1 }));
    expect(ok(answers)).toBe(3);
    expect(await invariantViolations(app)).toEqual([]);
  });

  it('sell ∥ ship ∥ upgrade of the same item: one wins', async () => {
    const player = await createPlayer(app, { deposited: 100_00 });
    const [item] = await ownedItems(player);
    const target = (await app.db.selectFrom('items').select('id').orderBy('price', 'desc').executeTakeFirstOrThrow()).id;
    const answers = await parallel(N, (i) =>
      [() => post(player, `/api/profile/inventory/${item}/sell`), () => post(player, '/api/profile/withdrawals', { type: 'delivery', items: [item] }), () => post(player, '/api/upgrade', { inventory_ids: [item], amount: 0, target_item_id: target })][i % 3]!(),
    );
    expect(ok(answers)).toBe(1);
    expect(await invariantViolations(app)).toEqual([]);
  });

  it('crypto withdrawals beyond the balance, then parallel cancels of one', async () => {
    const player = await createPlayer(app, { deposited: 100_00 });
    const answers = await parallel(N, () => post(player, '/api/profile/withdrawals', { type: 'crypto', amount: 30, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' }));
    expect(ok(answers)).toBe(3);
    const id = answers.find((a) => a.statusCode === 201)!.json().data.id as number;
    const cancels = await parallel(N, () => post(player, `/api/profile/withdrawals/${id}/cancel`));
    expect(ok(cancels)).toBe(1);
    expect(await app.wallet.balance(player.id)).toBe(100_00 - 2 * 30_00);
    expect(await invariantViolations(app)).toEqual([]);
  });

  it('one gift code redeemed by many players at once: credited once', async () => {
    const [code] = await mintCodes(app.db, 'gift', 10_00, 1);
    const players = await Promise.all(Array.from({ length: N }, () => createPlayer(app)));
    const answers = await Promise.all(players.map((p) => post(p, '/api/deposit/gift-code/redeem', { code })));
    expect(ok(answers)).toBe(1);
    expect(await invariantViolations(app)).toEqual([]);
  });

  it('free loot claimed in parallel: one box a day', async () => {
    const player = await createPlayer(app, { deposited: 5_00 });
    const answers = await parallel(N, () => post(player, '/api/free-boxes/free-level-1/open'));
    expect(ok(answers)).toBe(1);
    expect(await invariantViolations(app)).toEqual([]);
  });

  describe('the check can fail', () => {
    // A deliberately broken variant of the sell endpoint: it credits the item's price straight
    // onto the balance, outside the wallet (no ledger row), with no conditional state change.
    it('a broken sell endpoint under a race is caught by the invariant check', async () => {
      const player = await createPlayer(app, { deposited: 100_00 });
      const [item] = await ownedItems(player);
      const brokenSell = async () => {
        const row = await app.db.selectFrom('inventory_items as i').innerJoin('items', 'items.id', 'i.item_id').select(['i.state', 'items.price']).where('i.id', '=', item!).executeTakeFirstOrThrow();
        if (row.state !== 'owned') return { statusCode: 422 };
        await sql`update accounts set balance = balance + ${row.price} where user_id = ${player.id}`.execute(app.db);
        await app.db.updateTable('inventory_items').set({ state: 'sold' }).where('id', '=', item!).execute();
        return { statusCode: 200 };
      };
      await parallel(N, brokenSell);
      const violations = await invariantViolations(app);
      expect(violations.some((v) => v.includes('but ledger'))).toBe(true);
      // Repair the books so the file's final check holds for the honest endpoints.
      await sql`update accounts a set balance = coalesce((select sum(amount) from ledger_entries l where l.account_id = a.id), 0) where user_id = ${player.id}`.execute(app.db);
      expect(await invariantViolations(app)).toEqual([]);
    });

    it('the check names a reused nonce and an item in two states', async () => {
      const player = await createPlayer(app, { deposited: 100_00 });
      await post(player, '/api/dice/bet', { amount: 1, target: 50, direction: 'under' });
      const [item] = await ownedItems(player);
      const bet = await app.db.selectFrom('game_bets').selectAll().where('user_id', '=', player.id).executeTakeFirstOrThrow();
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('inventory_items').set({ seed_pair_id: bet.seed_pair_id, nonce: bet.nonce }).where('id', '=', item!).execute();
        await trx.updateTable('inventory_items').set({ state: 'withdrawn' }).where('id', '=', item!).execute();
        const found = await invariantViolations(Object.assign(Object.create(app), { db: trx }) as FastifyInstance);
        expect(found.some((v) => v.includes(`nonce ${bet.nonce} used 2 times`))).toBe(true);
        expect(found.some((v) => v.includes(`item ${item}: state withdrawn`))).toBe(true);
        throw new Error('rollback');
      }).catch((error: Error) => expect(error.message).toBe('rollback'));
      expect(await invariantViolations(app)).toEqual([]);
    });
  });
});
