import { describe, expect, it } from 'vitest';
import { createPlayer } from '../../helpers/testApp.ts';
import { catalogAppForFile, expectLedgerBalanced } from '../../helpers/boxes.ts';
import { REVEAL_EMAIL_MESSAGE } from '../../../server/security/eligibility.ts';

// A digital item's code: POST /api/profile/inventory/{id}/redeem delivers it (no money moves), the
// same code on every later call, listed by GET /api/profile/inventory/codes; an unverified account gets none.
const suite = catalogAppForFile();

type Player = Awaited<ReturnType<typeof createPlayer>>;

async function won(player: Player, box: string, quantity: number): Promise<number[]> {
  const res = await suite.app.inject({ method: 'POST', url: `/api/boxes/${box}/open`, headers: player.headers, payload: { quantity } });
  expect(res.statusCode).toBe(200);
  return res.json().data.openings.map((o: { inventory_id: number }) => o.inventory_id);
}

const redeem = (player: Player, id: number) => suite.app.inject({ method: 'POST', url: `/api/profile/inventory/${id}/redeem`, headers: player.headers });

describe('gift-card codes', () => {
  it('delivers a gift card as a unique stored code, once, without moving money', async () => {
    const player = await createPlayer(suite.app, { balance: 1_000_00 });
    const [first, second] = await won(player, 'gift-card-grab', 2);
    const before = await suite.app.wallet.balance(player.id);
    expect(before).toBeGreaterThan(0);

    const res = await redeem(player, first!);
    expect(res.statusCode).toBe(200);
    const { data, msg } = res.json();
    expect(data.code).toMatch(/^CARD-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(msg).toMatch(/code is ready/);

    // Idempotent: asking again answers the same code.
    const again = await redeem(player, first!);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.code).toBe(data.code);

    // Another item gets another code.
    const other = (await redeem(player, second!)).json().data.code;
    expect(other).not.toBe(data.code);

    expect(await suite.app.wallet.balance(player.id)).toBe(before);
    const inventory = (await suite.app.inject({ url: '/api/profile/inventory?per_page=50', headers: player.headers })).json();
    expect(inventory.data.map((e: { id: number }) => e.id)).not.toContain(first);
    const codes = (await suite.app.inject({ url: '/api/profile/inventory/codes', headers: player.headers })).json().data;
    expect(codes.map((c: { id: number; code: string }) => [c.id, c.code]).sort()).toEqual([[first, data.code], [second, other]].sort());
    expect(codes[0]).toMatchObject({ item: { name: expect.any(String), img_url: expect.any(String) }, delivered_at: expect.any(String) });
    await expectLedgerBalanced(suite.app);
  });

  it('refuses an unverified account: the code stays unrevealed and the item in the inventory', async () => {
    const player = await createPlayer(suite.app, { balance: 1_000_00, verified: false });
    const [id] = await won(player, 'gift-card-grab', 1);
    const res = await redeem(player, id!);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message: REVEAL_EMAIL_MESSAGE, msg: REVEAL_EMAIL_MESSAGE });
    const row = await suite.app.db.selectFrom('inventory_items').select(['state', 'delivery_code']).where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'owned', delivery_code: null });
  });

  it('answers one code to simultaneous requests for one item', async () => {
    const player = await createPlayer(suite.app, { balance: 1_000_00 });
    const [id] = await won(player, 'gift-card-grab', 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => redeem(player, id!)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().data.code)).size).toBe(1);
  });

  it("refuses another player's item, a sold one, a redeemed one's sale, and a physical item", async () => {
    const owner = await createPlayer(suite.app, { balance: 10_000_00 });
    const stranger = await createPlayer(suite.app, { balance: 0 });
    const [mine, sold] = await won(owner, 'gift-card-grab', 2);

    const foreign = await redeem(stranger, mine!);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('This item is not in your inventory.');

    expect((await suite.app.inject({ method: 'POST', url: `/api/profile/inventory/${sold}/sell`, headers: owner.headers })).statusCode).toBe(200);
    const afterSale = await redeem(owner, sold!);
    expect(afterSale.statusCode).toBe(422);
    expect(afterSale.json().msg).toBe('This item is no longer in your inventory.');

    // A delivered code cannot be sold afterwards.
    expect((await redeem(owner, mine!)).statusCode).toBe(200);
    expect((await suite.app.inject({ method: 'POST', url: `/api/profile/inventory/${mine}/sell`, headers: owner.headers })).statusCode).toBe(422);

    const [parcel] = await won(owner, 'sneakerhead', 1);
    const physical = await redeem(owner, parcel!);
    expect(physical.statusCode).toBe(422);
    expect(physical.json().msg).toMatch(/is not a digital item/);

    const codes = (await suite.app.inject({ url: '/api/profile/inventory/codes', headers: stranger.headers })).json().data;
    expect(codes).toEqual([]);
  });
});
