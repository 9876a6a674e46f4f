import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pickByTicket, ticket, ticketRanges } from '../../../core/fair/index.ts';
import { createPlayer, hasPostgres } from '../../helpers/testApp.ts';
import { twoProcessesOnPostgres } from '../../helpers/twoNodes.ts';
import { expectLedgerBalanced, seedCatalog } from '../../helpers/boxes.ts';
import { seedPairOf } from '../../helpers/queries.ts';
import { findBox } from '../../../server/boxes/catalog.ts';
import { openingSettlement } from '../../../server/boxes/openingEffects.ts';

// Box openings settled in one statement per batch (server/boxes/openingEffects.ts), raced on
// PostgreSQL by two server processes that each remember the players' seed pairs: a batch of one
// process and a request of the other race for the same nonce; the loser writes nothing and opens the
// long way. Every opening ends with its own nonce, the nonces of a pair are contiguous, every
// inventory row is an opening paid for, and every balance is its ledger's sum.
describe.runIf(hasPostgres)('box openings from two server processes on PostgreSQL', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  twoProcessesOnPostgres((first, second) => ([a, b] = [first, second]), seedCatalog);

  const SLUG = 'gift-card-grab';
  type Player = Awaited<ReturnType<typeof createPlayer>>;
  const open = (app: FastifyInstance, p: Player, quantity: number) => app.inject({ method: 'POST', url: `/api/boxes/${SLUG}/open`, headers: p.headers, payload: { quantity } });

  /** Throws unless the player's openings are `openings` rows at nonces 1..openings, each holding the item its ticket picks, paid for in full. */
  async function expectOpenings(p: Player, openings: number, startBalance: number) {
    const box = (await findBox(a.db, 'box', SLUG))!;
    const ranges = ticketRanges(box.items.map((i) => i.odds_units));
    const pair = await seedPairOf(a.db, p.id);
    const inventory = await a.db.selectFrom('inventory_items').select(['item_id', 'nonce', 'ticket']).where('user_id', '=', p.id).orderBy('nonce').execute();
    expect(inventory.map((i) => Number(i.nonce))).toEqual(Array.from({ length: openings }, (_, n) => n + 1));
    expect(Number(pair.nonce)).toBe(openings);
    const rolls = await a.db.selectFrom('seed_pair_rolls').select('nonce').where('seed_pair_id', '=', pair.id).execute();
    expect(rolls).toHaveLength(openings);
    for (const inv of inventory) {
      expect(inv.ticket).toBe(ticket(pair.server_seed, pair.client_seed, Number(inv.nonce)));
      expect(inv.item_id).toBe(box.items[pickByTicket(inv.ticket!, ranges)]!.id);
    }
    const drops = await a.db.selectFrom('drops').select('id').where('user_id', '=', p.id).execute();
    expect(drops).toHaveLength(openings);
    expect(await a.wallet.balance(p.id)).toBe(startBalance - openings * box.price);
  }

  it('30 players at once through both processes, 3 of them with two requests, and one player with 20 requests: every opening its own nonce, books balanced', async () => {
    const box = (await findBox(a.db, 'box', SLUG))!;
    const start = box.price * 100;
    const players = await Promise.all(Array.from({ length: 30 }, () => createPlayer(a, { balance: start })));
    const busy = await createPlayer(a, { balance: start });
    // Each process remembers every pair (a first opening through each), so the races below are the statement's.
    for (const p of [...players, busy]) {
      expect((await open(a, p, 1)).statusCode).toBe(200);
      expect((await open(b, p, 1)).statusCode).toBe(200);
    }
    a.wallet.batchSizes(openingSettlement);
    b.wallet.batchSizes(openingSettlement);
    const twice = players.slice(27);
    const requests = [
      ...players.map((p, i) => ({ app: i % 2 ? a : b, p, quantity: 1 + (i % 5) })),
      ...twice.map((p) => ({ app: a, p, quantity: 2 })),
      ...Array.from({ length: 20 }, (_, i) => ({ app: i % 2 ? a : b, p: busy, quantity: 1 + (i % 3) })),
    ];
    const results = await Promise.all(requests.map((r) => open(r.app, r.p, r.quantity)));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const sizes = [a.wallet.batchSizes(openingSettlement), b.wallet.batchSizes(openingSettlement)];
    expect(Math.max(...sizes.flatMap((s) => [...s.histogram.keys()]))).toBeGreaterThan(1); // some went together
    for (const p of [...players, busy]) {
      const mine = requests.flatMap((r, i) => (r.p === p ? [{ quantity: r.quantity, answer: results[i]!.json().data }] : []));
      const openings = 2 + mine.reduce((s, m) => s + m.quantity, 0);
      await expectOpenings(p, openings, start);
      // The answers name exactly the nonces after the first two, each once.
      const nonces = mine.flatMap((m) => m.answer.openings.map((o: { roll: { nonce: number } }) => o.roll.nonce)).sort((x: number, y: number) => x - y);
      expect(nonces).toEqual(Array.from({ length: openings - 2 }, (_, n) => n + 3));
    }
    await expectLedgerBalanced(a);
  });

  it('30 openings with funds for 10 through both processes: exactly 10, never below zero', async () => {
    const box = (await findBox(a.db, 'box', SLUG))!;
    const p = await createPlayer(a, { balance: box.price * 10 });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => open(i % 2 ? a : b, p, 1)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json()).toMatchObject({ message: 'Insufficient balance' });
    await expectOpenings(p, 10, box.price * 10);
    await expectLedgerBalanced(a);
  });

  it('a drop is announced only once its opening is committed: another connection already sees its rows', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => createPlayer(a, { balance: 1_000_000 })));
    for (const p of players) expect((await open(a, p, 1)).statusCode).toBe(200);
    const checks: Promise<boolean>[] = [];
    const unsubscribe = a.bus.subscribe((m) => {
      if (m.event !== 'lastDrop') return;
      const id = (m.data as { id: number }).id;
      // b's pool: another connection, which sees only committed rows.
      checks.push(b.db.selectFrom('drops').select('id').where('id', '=', id).executeTakeFirst().then((row) => row !== undefined));
    });
    try {
      const results = await Promise.all(players.map((p, i) => open(a, p, 1 + (i % 3))));
      for (const r of results) expect(r.statusCode).toBe(200);
    } finally {
      unsubscribe();
    }
    expect(checks.length).toBe(players.reduce((s, _, i) => s + 1 + (i % 3), 0));
    expect(await Promise.all(checks)).toEqual(checks.map(() => true));
  });
});
