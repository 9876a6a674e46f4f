import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { sha256Hex, ticket } from '../../../core/fair/index.ts';
import { DEMO_SPINS_LIMITED, DEMO_SPINS_PER_MINUTE, type DemoOpening } from '../../../core/protocol/boxDemo.ts';
import { catalogAppForFile } from '../../helpers/boxes.ts';
import { createPlayer } from '../../helpers/testApp.ts';

// Demo spins (docs/boxes.md "Demo spins"): a guest's try of a box. The server decides the items from
// the box's published ticket ranges with a one-off seed pair it reveals; nothing is stored anywhere;
// each address gets DEMO_SPINS_PER_MINUTE a minute.

const fixture = catalogAppForFile();

const demo = (app: FastifyInstance, url: string, quantity: number, remoteAddress = '10.9.0.1') =>
  app.inject({ method: 'POST', url, payload: { quantity }, remoteAddress });

/** Rows of every table an opening writes to, and the box's counter. */
async function footprint(app: FastifyInstance) {
  const { rows } = await sql<{ counts: string }>`
    select concat_ws(',', (select count(*) from ledger_entries), (select count(*) from inventory_items), (select count(*) from drops),
      (select count(*) from seed_pairs), (select count(*) from seed_pair_rolls), (select sum(openings) from box_open_counts)) as counts`.execute(app.db);
  return rows[0]!.counts;
}

/** The ticket of every opening follows from its revealed pair, and lands on the item of the box's published range. */
function expectFair(openings: DemoOpening[], box: { items: { id: number; ticket_from: number; ticket_to: number; odds: number }[] }) {
  openings.forEach((o, k) => {
    expect(o.roll.nonce).toBe(k + 1);
    expect(sha256Hex(o.roll.server_seed)).toBe(o.roll.server_seed_hash);
    expect(o.roll.ticket).toBe(ticket(o.roll.server_seed, o.roll.client_seed, o.roll.nonce));
    const published = box.items.find((i) => o.roll.ticket >= i.ticket_from && o.roll.ticket <= i.ticket_to)!;
    expect(o.item.id).toBe(published.id);
  });
}

describe('demo spins', () => {
  it('a guest spins a shop box: the items come from the published ranges with a revealed pair, and nothing is stored', async () => {
    const { app } = fixture;
    const box = (await app.inject({ url: '/api/boxes/gift-card-grab' })).json().data;
    const player = await createPlayer(app, { balance: 10_000 });
    const before = await footprint(app);
    const res = await demo(app, '/api/boxes/gift-card-grab/demo', 3);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.demo).toBe(true);
    expect(data.openings).toHaveLength(3);
    expectFair(data.openings, box);
    expect(res.headers['x-balance']).toBeUndefined();
    // A signed-in player's demo is as free: no balance moves, no item, no nonce of their seed pair.
    const signedIn = await app.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/demo', headers: player.headers, payload: {}, remoteAddress: '10.9.0.2' });
    expect(signedIn.json().data.openings).toHaveLength(1);
    expect(await app.wallet.balance(player.id)).toBe(10_000);
    expect(signedIn.headers['x-balance']).toBeUndefined();
    expect(await footprint(app)).toBe(before);
  });

  it('every spin draws a new pair; a player-made box spins too; unknown boxes and bad quantities are refused', async () => {
    const { app } = fixture;
    const first = (await demo(app, '/api/boxes/tech-drop/demo', 1, '10.9.1.1')).json().data.openings[0];
    const second = (await demo(app, '/api/boxes/tech-drop/demo', 1, '10.9.1.1')).json().data.openings[0];
    expect(first.roll.server_seed).not.toBe(second.roll.server_seed);

    const creator = await createPlayer(app);
    const items = (await app.inject({ url: '/api/boxes/tech-drop' })).json().data.items;
    const made = await app.inject({ method: 'POST', url: '/api/user-boxes', headers: creator.headers, payload: { name: 'Demo Tech', items: [{ id: items[0].id, odds: 90 }, { id: items[5].id, odds: 10 }] } });
    const userBox = made.json().data;
    const spun = await demo(app, `/api/user-boxes/${userBox.slug}/demo`, 2, '10.9.1.2');
    expect(spun.statusCode, spun.body).toBe(200);
    expectFair(spun.json().data.openings, userBox);
    // A player-made box is not a shop box, and the reverse.
    expect((await demo(app, `/api/boxes/${userBox.slug}/demo`, 1, '10.9.1.3')).statusCode).toBe(404);
    expect((await demo(app, '/api/user-boxes/tech-drop/demo', 1, '10.9.1.3')).statusCode).toBe(404);
    expect((await demo(app, '/api/boxes/no-such-box/demo', 1, '10.9.1.3')).json()).toEqual({ message: 'Box not found.', msg: 'Box not found.' });
    for (const quantity of [0, 6, 1.5]) expect((await demo(app, '/api/boxes/tech-drop/demo', quantity, '10.9.1.3')).statusCode).toBe(422);
  });

  it(`an address gets ${DEMO_SPINS_PER_MINUTE} spins a minute, then a 429 that says why; other addresses go on`, async () => {
    const { app } = fixture;
    for (let n = 0; n < DEMO_SPINS_PER_MINUTE; n += 1) expect((await demo(app, '/api/boxes/tech-drop/demo', 1, '10.9.2.1')).statusCode).toBe(200);
    const refused = await demo(app, '/api/boxes/tech-drop/demo', 1, '10.9.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe(DEMO_SPINS_LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await demo(app, '/api/boxes/tech-drop/demo', 1, '10.9.2.2')).statusCode).toBe(200);
  });
});
