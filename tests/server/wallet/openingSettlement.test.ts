import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pickByTicket, ticket, ticketRanges } from '../../../core/fair/index.ts';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { expectLedgerBalanced, seedCatalog } from '../../helpers/boxes.ts';
import { activeSeedPair } from '../../helpers/queries.ts';
import { tokenHash } from '../../../server/accounts/tokens.ts';
import { findBox } from '../../../server/boxes/catalog.ts';
import { publishVersion } from '../../../server/boxes/boxVersions.ts';
import { openingSettlement, type OpeningSettlement } from '../../../server/boxes/openingEffects.ts';
import type { BusMessage } from '../../../server/realtime/bus.ts';

// Box openings settled in one statement for the requests that arrive together
// (server/boxes/openingEffects.ts through wallet.settle, server/boxes/openBox.ts): a
// batch writes for each request exactly what it writes alone, and what the long way (the wallet
// transaction) writes for the same seeds; a refused request writes nothing and refuses only itself.
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app);
});
afterAll(() => app.close());

const SLUG = 'gift-card-grab';
type Player = Awaited<ReturnType<typeof createPlayer>>;

/** A player whose active pair has the given seeds (so that twins roll the same tickets). */
async function playerWithSeeds(balance: number, seeds: { server_seed: string; server_seed_hash: string; client_seed: string } | null = null) {
  const p = await createPlayer(app, { balance });
  await app.inject({ url: '/api/fair/seeds', headers: p.headers }); // creates the pair
  if (seeds) await app.db.updateTable('seed_pairs').set(seeds).where('user_id', '=', p.id).where('revealed_at', 'is', null).execute();
  const pair = await activeSeedPair(app.db, p.id);
  return { ...p, pair };
}

const open = (p: Player, quantity: number, slug = SLUG) => app.inject({ method: 'POST', url: `/api/boxes/${slug}/open`, headers: p.headers, payload: { quantity } });

/** Everything openings wrote for the player, without ids, times and the player's own id. */
async function books(userId: number) {
  const account = await app.db.selectFrom('accounts').select(['id', 'balance', 'version']).where('user_id', '=', userId).executeTakeFirstOrThrow();
  const ledger = await app.db.selectFrom('ledger_entries').select(['amount', 'balance_after', 'reason', 'reference']).where('account_id', '=', account.id).where('reason', 'not in', ['test_grant', 'deposit']).orderBy('id').execute();
  const pair = await activeSeedPair(app.db, userId);
  const rolls = await app.db.selectFrom('seed_pair_rolls').select('nonce').where('seed_pair_id', '=', pair.id).orderBy('nonce').execute();
  const inventory = await app.db.selectFrom('inventory_items').select(['item_id', 'box_id', 'box_version_id', 'nonce', 'ticket', 'opening_price', 'state']).where('user_id', '=', userId).orderBy('nonce').execute();
  const drops = await app.db
    .selectFrom('drops')
    .select(['box_slug', 'box_kind', 'box_name', 'box_img_url', 'item_name', 'item_rarity', 'item_img_url', 'item_price', 'item_sale_price'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const { wagered } = await app.db.selectFrom('users').select('wagered').where('id', '=', userId).executeTakeFirstOrThrow();
  return { balance: account.balance, version: account.version, ledger, nonce: pair.nonce, rolls: rolls.map((r) => r.nonce), inventory, drops, wagered };
}

/** An answer's openings without the inventory ids (different rows for twins). */
const itemsOf = (body: { data: { openings: { item: unknown; roll: unknown }[]; balance: number } }) => ({ balance: body.data.balance, openings: body.data.openings.map((o) => ({ item: o.item, roll: o.roll })) });

async function boxCount(slug = SLUG): Promise<number> {
  const { n } = await sql<{ n: string }>`select coalesce(sum(c.openings), 0)::text as n from box_open_counts c join boxes b on b.id = c.box_id where b.slug = ${slug}`.execute(app.db).then((r) => r.rows[0]!);
  return Number(n);
}

describe('box openings settled in one statement', () => {
  it('openings of many players together write for each what it writes alone, and what the long way writes for the same seeds', async () => {
    const count = 8;
    const first = await playerWithSeeds(1_000_000);
    const seeds = { server_seed: first.pair.server_seed, server_seed_hash: first.pair.server_seed_hash, client_seed: first.pair.client_seed };
    // Each player of `together` has a twin that opens alone, one request after another, and one
    // that opens the long way (a responsible-gaming row without any limit: the statement's stake
    // condition leaves such a player to the transaction, whose check lets them through).
    const together = [first, ...(await Promise.all(Array.from({ length: count - 1 }, () => playerWithSeeds(1_000_000, seeds))))];
    const alone = await Promise.all(together.map(() => playerWithSeeds(1_000_000, seeds)));
    const longWay = await Promise.all(together.map(() => playerWithSeeds(1_000_000, seeds)));
    for (const p of longWay) await app.db.insertInto('responsible_gaming').values({ user_id: p.id }).execute();
    const quantities = together.map((_, i) => 1 + (i % 3));
    const countBefore = await boxCount();

    app.wallet.batchSizes(openingSettlement);
    for (const [i, p] of alone.entries()) expect((await open(p, quantities[i]!)).statusCode).toBe(200);
    expect(app.wallet.batchSizes(openingSettlement)).toMatchObject({ batches: count, items: count });
    const answersTogether = await Promise.all(together.map((p, i) => open(p, quantities[i]!)));
    const sizes = app.wallet.batchSizes(openingSettlement);
    expect(sizes.items).toBe(count);
    expect(Math.max(...sizes.histogram.keys())).toBeGreaterThan(1); // they did go together
    for (const [i, p] of longWay.entries()) expect((await open(p, quantities[i]!)).statusCode).toBe(200);
    expect(app.wallet.batchSizes(openingSettlement).items).toBe(count); // each tried the statement first, refused

    const box = (await findBox(app.db, 'box', SLUG))!;
    const ranges = ticketRanges(box.items.map((i) => i.odds_units));
    for (const [i, p] of together.entries()) {
      const answer = answersTogether[i]!;
      expect(answer.statusCode, answer.body).toBe(200);
      const mine = await books(p.id);
      expect(mine).toEqual(await books(alone[i]!.id));
      expect(mine).toEqual(await books(longWay[i]!.id));
      // Each inventory row holds the item its ticket picks, the ticket its pair's at its nonce.
      expect(mine.inventory.map((inv) => Number(inv.nonce))).toEqual(Array.from({ length: quantities[i]! }, (_, n) => n + 1));
      for (const inv of mine.inventory) {
        expect(inv.ticket).toBe(ticket(seeds.server_seed, seeds.client_seed, Number(inv.nonce)));
        expect(inv.item_id).toBe(box.items[pickByTicket(inv.ticket!, ranges)]!.id);
        expect(Number(inv.opening_price)).toBe(box.price);
      }
      expect(mine.ledger).toEqual([{ amount: -box.price * quantities[i]!, balance_after: 1_000_000 - box.price * quantities[i]!, reason: 'box_open', reference: `box:${SLUG}` }]);
      expect(Number(mine.wagered)).toBe(box.price * quantities[i]!);
    }
    // The answers too: the same items, rolls and balance as alone.
    for (const [i, p] of alone.entries()) {
      const again = await Promise.all([open(p, quantities[i]!), open(together[i]!, quantities[i]!)]);
      expect(itemsOf(again[0]!.json())).toEqual(itemsOf(again[1]!.json()));
    }
    expect(await boxCount()).toBe(countBefore + 5 * quantities.reduce((s, q) => s + q, 0));
    await expectLedgerBalanced(app);
  });

  it('a refused request in a batch refuses only itself and writes nothing; a malformed one fails alone before joining', async () => {
    const box = (await findBox(app.db, 'box', SLUG))!;
    const [ok1, ok2, short, wrongNonce, revoked, restricted] = await Promise.all(Array.from({ length: 6 }, (_, i) => playerWithSeeds(i === 2 ? box.price * 2 - 1 : 1_000_000)));
    await app.db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenHash(revoked!.token)).execute();
    await app.db.insertInto('responsible_gaming').values({ user_id: restricted!.id }).execute();
    const item = box.items[0]!;
    const request = (p: typeof ok1, quantity: number, firstNonce = 1): OpeningSettlement => ({
      userId: p!.id,
      price: box.price,
      reason: 'box_open',
      reference: `box:${SLUG}`,
      seedPairId: p!.pair.id,
      clientSeed: p!.pair.client_seed,
      box: { id: box.id, versionId: box.version_id!, slug: SLUG, kind: 'box', name: box.name, imgUrl: `/api/art/boxes/${SLUG}.svg` },
      openings: Array.from({ length: quantity }, (_, n) => ({ nonce: firstNonce + n, ticket: 1, item: { id: item.id, name: item.name, rarity: item.rarity, imgUrl: `/api/art/items/${item.id}.svg`, price: item.price, salePrice: item.sale_price } })),
      guardValue: tokenHash(p!.token),
    });
    const refused = [short!, wrongNonce!, revoked!, restricted!];
    const before = await Promise.all(refused.map((p) => books(p.id)));
    app.wallet.batchSizes(openingSettlement);
    const answers = await Promise.all([
      app.wallet.settle(openingSettlement, request(ok1!, 2)),
      app.wallet.settle(openingSettlement, { ...request(short!, 2), price: 0 }).catch((e: Error) => e.message), // throws alone, never joins
      app.wallet.settle(openingSettlement, { ...request(short!, 3), openings: [request(short!, 3).openings[0]!, request(short!, 3).openings[2]!] }).catch((e: Error) => e.message),
      app.wallet.settle(openingSettlement, request(short!, 2)), // 2 × price > balance
      app.wallet.settle(openingSettlement, request(wrongNonce!, 1, 2)),
      app.wallet.settle(openingSettlement, request(revoked!, 1)),
      app.wallet.settle(openingSettlement, request(restricted!, 1)),
      app.wallet.settle(openingSettlement, request(ok2!, 3)),
    ]);
    expect(answers[1]).toBe("an opening's price must be a positive integer of cents, got 0");
    expect(answers[2]).toBe("an opening request's nonces must be consecutive, got 1, 3");
    expect(answers.slice(3, 7)).toEqual([null, null, null, null]);
    expect(app.wallet.batchSizes(openingSettlement)).toMatchObject({ batches: 1, histogram: new Map([[6, 1]]) });
    expect(await Promise.all(refused.map((p) => books(p.id)))).toEqual(before);
    expect(answers[0]).toMatchObject({ balance: 1_000_000 - 2 * box.price, openings: [{ nonce: 1 }, { nonce: 2 }] });
    expect(answers[7]).toMatchObject({ balance: 1_000_000 - 3 * box.price, openings: [{ nonce: 1 }, { nonce: 2 }, { nonce: 3 }] });
    // Each opening's inventory and drop row are its own.
    for (const [p, settled] of [[ok1!, answers[0]], [ok2!, answers[7]]] as const) {
      if (!settled || typeof settled === 'string') throw new Error('expected a settlement');
      for (const o of settled.openings) {
        const inv = await app.db.selectFrom('inventory_items').select(['user_id', 'nonce']).where('id', '=', o.inventoryId).executeTakeFirstOrThrow();
        expect([inv.user_id, Number(inv.nonce)]).toEqual([p.id, o.nonce]);
        const drop = await app.db.selectFrom('drops').select(['user_id', 'user_name']).where('id', '=', o.dropId).executeTakeFirstOrThrow();
        expect(drop).toEqual({ user_id: p.id, user_name: o.userName });
      }
      expect((await books(p.id)).rolls.map(Number)).toEqual(settled.openings.map((o) => o.nonce));
    }
    // Over HTTP the refused go the long way: the short balance is today's 422, the rest open.
    const shortAnswer = await open(short!, 2);
    expect([shortAnswer.statusCode, shortAnswer.json().message]).toEqual([422, 'Insufficient balance']);
    expect((await open(wrongNonce!, 1)).statusCode).toBe(200);
    expect((await open(restricted!, 1)).statusCode).toBe(200);
    expect((await open(revoked!, 1)).statusCode).toBe(401);
    await expectLedgerBalanced(app);
  });

  it('a box renamed or published after this process kept it: the gate refuses the kept row, the long way opens the box as it is now, the next opening is in the statement again', async () => {
    const slug = 'street-runners';
    const p = await playerWithSeeds(1_000_000);
    const kept = (await findBox(app.db, 'box', slug))!;
    expect((await open(p, 1, slug)).statusCode).toBe(200); // this process now keeps the box
    /** The player's last `n` openings: version, price, the drop's box name; and how many requests the statement took. */
    const openAndRead = async (quantity: number) => {
      app.wallet.batchSizes(openingSettlement);
      const res = await open(p, quantity, slug);
      expect(res.statusCode, res.body).toBe(200);
      const mine = await books(p.id);
      return {
        statement: app.wallet.batchSizes(openingSettlement).items,
        openings: mine.inventory.slice(-quantity).map((inv, n) => ({ version: Number(inv.box_version_id), price: Number(inv.opening_price), name: mine.drops.at(n - quantity)!.box_name })),
        debit: mine.ledger.at(-1)!.amount,
      };
    };
    // Renamed (as the console edits a box, here or on another node): the drops say the new name.
    await app.db.updateTable('boxes').set({ name: 'Street Runners Renamed' }).where('id', '=', kept.id).execute();
    const renamed = { version: kept.version_id!, price: kept.price, name: 'Street Runners Renamed' };
    // Tried in the statement (1 request), refused there, opened the long way with the row as it is now.
    expect(await openAndRead(2)).toEqual({ statement: 1, openings: [renamed, renamed], debit: -2 * kept.price });
    expect(await openAndRead(1)).toMatchObject({ statement: 1, openings: [renamed] });
    // Published at a new price: the new version and price, never the kept ones.
    const version = await publishVersion(app.db, kept.id, { price: kept.price + 100, items: kept.items.map((i) => ({ itemId: i.id, oddsUnits: i.odds_units })) }, null);
    const published = { version: version.id, price: kept.price + 100, name: 'Street Runners Renamed' };
    expect(await openAndRead(3)).toEqual({ statement: 1, openings: [published, published, published], debit: -3 * (kept.price + 100) });
    expect(await openAndRead(1)).toMatchObject({ statement: 1, openings: [published] });
    expect((await books(p.id)).balance).toBe(1_000_000 - 4 * kept.price - 4 * (kept.price + 100));
    await expectLedgerBalanced(app);
  });

  it('drops are announced after the statement, each with its own row, in the opening order', async () => {
    const p = await playerWithSeeds(1_000_000);
    const seen: BusMessage[] = [];
    const unsubscribe = app.bus.subscribe((m) => {
      if (m.event === 'lastDrop') seen.push(m);
    });
    try {
      const res = await open(p, 3);
      expect(res.statusCode).toBe(200);
      const drops = await app.db.selectFrom('drops').select(['id', 'item_name', 'user_name']).where('user_id', '=', p.id).orderBy('id').execute();
      const mine = seen.map((m) => m.data as { id: number; item: { name: string }; user_name: string; user_id: number }).filter((d) => d.user_id === p.id);
      expect(mine.map((d) => ({ id: d.id, item_name: d.item.name, user_name: d.user_name }))).toEqual(drops);
      expect(drops.map((d) => d.item_name)).toEqual(res.json().data.openings.map((o: { item: { name: string } }) => o.item.name));
    } finally {
      unsubscribe();
    }
  });

  it('a custom box that pays its creator opens the long way, commission and all; its creator opens it in the statement', async () => {
    const creator = await playerWithSeeds(1_000_000);
    const created = await app.inject({ method: 'POST', url: '/api/user-boxes', headers: creator.headers, payload: await customBoxPayload() });
    expect(created.statusCode, created.body).toBe(201);
    const slug = created.json().data.slug as string;
    const opener = await playerWithSeeds(1_000_000);
    app.wallet.batchSizes(openingSettlement);
    const res = await app.inject({ method: 'POST', url: `/api/user-boxes/${slug}/open`, headers: opener.headers, payload: { quantity: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(app.wallet.batchSizes(openingSettlement).items).toBe(0);
    const price = await app.db.selectFrom('boxes').select('price').where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(await app.wallet.balance(creator.id)).toBe(1_000_000 + Math.floor(price.price * 0.01) * 2);
    const own = await app.inject({ method: 'POST', url: `/api/user-boxes/${slug}/open`, headers: creator.headers, payload: { quantity: 1 } });
    expect(own.statusCode, own.body).toBe(200);
    expect(app.wallet.batchSizes(openingSettlement).items).toBe(1);
    expect((await books(creator.id)).ledger.at(-1)).toEqual({ amount: -price.price, balance_after: 1_000_000 + Math.floor(price.price * 0.01) * 2 - price.price, reason: 'user_box_open', reference: `box:${slug}` });
    await expectLedgerBalanced(app);
  });
});

/** A valid custom box of two catalog items (as the boxes suite makes one). */
async function customBoxPayload() {
  const box = (await app.inject({ url: '/api/boxes/tech-drop' })).json().data;
  return { name: `Mine ${Date.now()}`, items: [{ id: box.items[0].id as number, odds: 90 }, { id: box.items[5].id as number, odds: 10 }] };
}
