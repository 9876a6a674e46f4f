import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { ensurePromo } from '../../../server/promo/promoCodes.ts';
import { activeBonuses, expireBonuses } from '../../../server/bonuses/grants.ts';
import { shippingQueue } from '../../../server/shipping/shippingQueue.ts';
import { BONUS_ON_BREAK, ONE_BONUS_AT_A_TIME } from '../../../server/bonuses/eligibility.ts';
import { PROMO_INVALID, PROMO_USED } from '../../../server/promo/promoCodes.ts';
import { GAME_IDS, GAMES } from '../../../core/games/catalog.ts';

// Bonus money with a wagering requirement (docs/bonuses.md), through the API: the deposit's bonus is
// locked until the player's weighted stakes in the bets journal reach its requirement; a crypto
// withdrawal, a code reveal or a shipment beyond the withdrawable balance is refused naming what is
// left; expiry forfeits exactly the locked rest as a ledger row.
let app: FastifyInstance;
type Player = Awaited<ReturnType<typeof createPlayer>>;
const DAY = 86_400_000;

beforeAll(async () => {
  // Young accounts' code reveals would wait for review: here they are delivered at once.
  app = await createTestApp({ CODE_REVIEW_ACCOUNT_DAYS: '0', CODE_REVIEW_ABOVE: '100000' });
  await seedCatalog(app);
  // winter35 asking twice the bonus (35 % of 100 = 35, so 70.00 of weighted stakes), for 7 days.
  await ensurePromo(app.db, { code: 'winter35', value: 35, freeBoxes: 1, wageringMultiple: 2, bonusDays: 7 });
  await ensurePromo(app.db, { code: 'big500', value: 500_00, isFixedValue: true, wageringMultiple: 1, bonusDays: 7 });
  // 50 % up to 30.00 a bonus, 50.00 in all.
  await ensurePromo(app.db, { code: 'budget50', value: 50, perUserLimit: 1, bonusCap: 30_00, budget: 50_00 });
  await ensurePromo(app.db, { code: 'bonus5', value: 5 });
});
afterAll(() => app.close());

async function deposit(player: Player, amount: number, promocode: string): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: player.headers, payload: { amount, promocode } });
  expect(res.statusCode, res.body).toBe(200);
  const id = Number(/\/sandbox\/checkout\/(\d+)$/.exec(res.json().redirect_url)![1]);
  const done = await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: player.headers, payload: { status: 'paid' } });
  expect(done.statusCode, done.body).toBe(200);
}
const withdraw = (player: Player, amount: number) =>
  app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: { type: 'crypto', amount, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' } });
// 98 % chance: the balance barely moves while the stakes add up.
const bet = (player: Player, amount: number) => app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount, target: 98, direction: 'under' } });
const balanceOf = (player: Player) => app.wallet.balance(player.id);
const journalStakes = async (player: Player) =>
  Number((await sql<{ s: string | null }>`select sum(stake) as s from bets where user_id = ${player.id} and status in ('open', 'settled')`.execute(app.db)).rows[0]!.s ?? 0);

describe('a deposit bonus with a wagering requirement', () => {
  it('refuses a withdrawal above the withdrawable balance naming what is left, and accepts it once the requirement is staked', async () => {
    const player = await createPlayer(app);
    await deposit(player, 100, 'winter35');
    expect(await balanceOf(player)).toBe(135_00);
    const [grant] = await activeBonuses(app.db, player.id);
    expect(grant).toMatchObject({ amount: 35_00, requirement: 70_00, wagered: 0 });
    expect(grant!.expiresAt.getTime() - grant!.grantedAt.getTime()).toBe(7 * DAY);

    const refused = await withdraw(player, 100.01);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.amount[0]).toBe('Bonus coins can be withdrawn once they have been wagered: wager 70.00 more coins to release them. You can withdraw up to 100.00 coins now.');
    expect(await balanceOf(player)).toBe(135_00);

    for (const amount of [30, 30]) expect((await bet(player, amount)).statusCode).toBe(200);
    const after60 = await balanceOf(player);
    const still = await withdraw(player, after60 / 100);
    expect(still.json().errors.amount[0]).toBe(`Bonus coins can be withdrawn once they have been wagered: wager 10.00 more coins to release them. You can withdraw up to ${((after60 - 35_00) / 100).toFixed(2)} coins now.`);
    expect((await activeBonuses(app.db, player.id))[0]!.wagered).toBe(await journalStakes(player));

    expect((await bet(player, 10)).statusCode).toBe(200);
    const all = await balanceOf(player);
    const accepted = await withdraw(player, all / 100);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await balanceOf(player)).toBe(0);
    expect(await activeBonuses(app.db, player.id)).toEqual([]);
    const row = await app.db.selectFrom('bonus_grants' as never).selectAll().where('user_id' as never, '=', player.id as never).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', forfeited: 0 });
    await expectLedgerBalanced(app);
  });

  it('a withdrawal within the withdrawable balance goes, and the console queue shows beside it the open requirement from the journal', async () => {
    const player = await createPlayer(app);
    await deposit(player, 100, 'winter35');
    expect((await bet(player, 10)).statusCode).toBe(200);
    const accepted = await withdraw(player, 50);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const queue = await shippingQueue(app.db, { userId: player.id }, { page: 1, perPage: 25 });
    const [grant] = await activeBonuses(app.db, player.id);
    expect(queue.rows[0]!.player).toMatchObject({ deposited: 100, bonuses: 35, bonus_to_wager: 60, open_bonuses: [{ amount: 35, wagered: 10, requirement: 70, expires_at: grant!.expiresAt.toISOString() }] });
  });

  it('forfeits exactly the locked rest at expiry, as a bonus_forfeit ledger row, and the rest is withdrawable', async () => {
    const player = await createPlayer(app);
    await deposit(player, 100, 'winter35');
    expect((await bet(player, 20)).statusCode).toBe(200);
    const before = await balanceOf(player);
    // Not yet due: nothing changes.
    await expireBonuses(app, new Date(Date.now() + 6 * DAY));
    expect(await balanceOf(player)).toBe(before);
    await expireBonuses(app, new Date(Date.now() + 8 * DAY));
    expect(await balanceOf(player)).toBe(before - 35_00);
    const forfeits = await app.db
      .selectFrom('ledger_entries as e')
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .select(['e.amount', 'e.reason'])
      .where('a.user_id', '=', player.id)
      .where('e.reason', '=', 'bonus_forfeit')
      .execute();
    expect(forfeits).toEqual([{ amount: -35_00, reason: 'bonus_forfeit' }]);
    // Run again: a grant ends once.
    await expireBonuses(app, new Date(Date.now() + 9 * DAY));
    expect(await balanceOf(player)).toBe(before - 35_00);
    const accepted = await withdraw(player, (before - 35_00) / 100);
    expect(accepted.statusCode, accepted.body).toBe(201);
    await expectLedgerBalanced(app);
  });

  it('refuses a code reveal and a shipment worth more than the withdrawable balance while the bonus is locked, and lets them through once the bonus is forfeited', async () => {
    const player = await createPlayer(app);
    // 10 deposited and 500 of bonus: once a box costing more than 10 is opened, nothing is withdrawable.
    await deposit(player, 10, 'big500');
    const opened = await app.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/open', headers: player.headers, payload: { quantity: 1 } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await balanceOf(player)).toBeLessThan(500_00);
    const inventoryId = opened.json().data.openings[0].inventory_id;
    const reveal = await app.inject({ method: 'POST', url: `/api/profile/inventory/${inventoryId}/redeem`, headers: player.headers, payload: {} });
    expect(reveal.statusCode, reveal.body).toBe(422);
    expect(reveal.json().msg).toMatch(/^Items can leave once your bonus has been wagered: wager \d+\.\d\d more coins, or send items worth up to 0\.00 coins now\.$/);
    const item = await app.db.selectFrom('inventory_items').select(['state', 'delivery_code']).where('id', '=', inventoryId).executeTakeFirstOrThrow();
    expect(item).toEqual({ state: 'owned', delivery_code: null });
    // A parcel likewise: the delivery is refused and the item stays owned.
    const parcel = await app.inject({ method: 'POST', url: '/api/boxes/console-wars/open', headers: player.headers, payload: { quantity: 1 } });
    expect(parcel.statusCode, parcel.body).toBe(200);
    const parcelId = parcel.json().data.openings[0].inventory_id;
    const address = { first_name: 'A', last_name: 'B', email: 'a@example.com', phone: '+44 20 7946 0000', country: 'Germany', country_state: 'Berlin', city: 'Berlin', postal_code: '10115', street_address: 'Main 1' };
    expect((await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: player.headers, payload: address })).statusCode).toBeLessThan(300);
    // The parcel may be the 1,999-coin graphics card: with personal details (level 1, 5,000 in 30 days)
    // the identity tier never refuses it, so what refuses or lets it through is the bonus alone.
    const details = await app.inject({ method: 'PUT', url: '/api/profile/kyc/details', headers: player.headers, payload: { full_name: 'Ada Lovelace', birth_date: '1990-12-10', country: 'GB' } });
    expect(details.statusCode, details.body).toBe(200);
    const ship = () => app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: { type: 'delivery', items: [parcelId] } });
    const shipRefused = await ship();
    expect(shipRefused.statusCode, shipRefused.body).toBe(422);
    expect(shipRefused.json().msg).toMatch(/^Items can leave once your bonus has been wagered/);
    expect((await app.db.selectFrom('inventory_items').select('state').where('id', '=', parcelId).executeTakeFirstOrThrow()).state).toBe('owned');
    // Forfeited at the player's request, the item may leave.
    const [grant] = await activeBonuses(app.db, player.id);
    const forfeit = await app.inject({ method: 'POST', url: `/api/bonuses/${grant!.id}/forfeit`, headers: player.headers });
    expect(forfeit.statusCode, forfeit.body).toBe(200);
    const again = await app.inject({ method: 'POST', url: `/api/profile/inventory/${inventoryId}/redeem`, headers: player.headers, payload: {} });
    expect(again.statusCode, again.body).toBe(200);
    const shipped = await ship();
    expect(shipped.statusCode, shipped.body).toBe(201);
    await expectLedgerBalanced(app);
  });
});

describe('budgets and checks', () => {
  const validate = (player: Player, promocode: string) => app.inject({ method: 'POST', url: '/api/deposit/promocode/validate', headers: player.headers, payload: { promocode } });

  it("keeps a code's bonuses within its cap per bonus and its budget, then refuses the code as spent", async () => {
    const [a, b, c] = [await createPlayer(app), await createPlayer(app), await createPlayer(app)];
    await deposit(a, 100, 'budget50');
    expect(await balanceOf(a)).toBe(130_00);
    await deposit(b, 100, 'budget50');
    expect(await balanceOf(b)).toBe(120_00);
    expect((await activeBonuses(app.db, b.id))[0]).toMatchObject({ amount: 20_00, requirement: 20_00 });
    const spent = await validate(c, 'budget50');
    expect(spent.statusCode).toBe(422);
    expect(spent.json().msg).toBe(PROMO_INVALID);
    const code = await app.db.selectFrom('promo_codes').select(['granted', 'budget']).where('code', '=', 'budget50').executeTakeFirstOrThrow();
    expect(code).toEqual({ granted: 50_00, budget: 50_00 });
  });

  it('gives one bonus at a time: a second code is refused while a bonus is active, and taken once it has ended', async () => {
    const player = await createPlayer(app);
    /** The cashier's quiet check (GET /api/deposit/promocode/check): 200 either way, with validate's refusal. */
    const check = async (code: string) => {
      const res = await app.inject({ url: `/api/deposit/promocode/check?promocode=${code}`, headers: player.headers });
      expect(res.statusCode).toBe(200);
      return res.json().data as { usable: boolean; promocode: { code: string; value: number } | null; msg: string | null };
    };
    expect(await check('winter35')).toEqual({ usable: true, promocode: { code: 'winter35', value: 35, is_fixed_value: false }, msg: null });
    expect(await check('bonus5')).toMatchObject({ usable: true, promocode: { code: 'bonus5', value: 5 } });
    await deposit(player, 100, 'winter35');
    const refused = await validate(player, 'bonus5');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe(ONE_BONUS_AT_A_TIME);
    expect(await check('bonus5')).toEqual({ usable: false, promocode: null, msg: ONE_BONUS_AT_A_TIME });
    expect(await check('winter35')).toEqual({ usable: false, promocode: null, msg: PROMO_USED });
    const [grant] = await activeBonuses(app.db, player.id);
    expect((await app.inject({ method: 'POST', url: `/api/bonuses/${grant!.id}/forfeit`, headers: player.headers })).statusCode).toBe(200);
    expect((await validate(player, 'bonus5')).statusCode).toBe(200);
    expect((await check('bonus5')).usable).toBe(true);
    expect((await app.inject({ url: '/api/deposit/promocode/check?promocode=bonus5' })).statusCode).toBe(401);
  });

  it('refuses bonus codes to a player on a break, and credits a deposit already under way without its bonus', async () => {
    const player = await createPlayer(app);
    const res = await app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: player.headers, payload: { amount: 100, promocode: 'winter35' } });
    const id = Number(/\/sandbox\/checkout\/(\d+)$/.exec(res.json().redirect_url)![1]);
    // The break starts while the player is at the checkout.
    await app.db.insertInto('responsible_gaming').values({ user_id: player.id, exclusion_kind: 'cool_off', excluded_from: new Date(), excluded_until: new Date(Date.now() + DAY) }).execute();
    expect((await validate(player, 'bonus5')).json().msg).toBe(BONUS_ON_BREAK);
    await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: player.headers, payload: { status: 'paid' } });
    expect(await balanceOf(player)).toBe(100_00);
    expect(await activeBonuses(app.db, player.id)).toEqual([]);
    await expectLedgerBalanced(app);
  });
});

describe('the terms page (GET /api/bonuses/rules, public)', () => {
  it("answers every game's weight from the catalog and each source's terms, the rain's as the operator set them", async () => {
    const read = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/bonuses/rules' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { weights: { game: string; label: string; pct: number }[]; sources: { source: string; label: string; text: string }[] };
    };
    const text = (data: Awaited<ReturnType<typeof read>>, source: string) => data.sources.find((s) => s.source === source)!.text;
    const first = await read();
    expect(first.weights).toEqual(GAME_IDS.map((game) => ({ game, label: GAMES[game].historyLabel, pct: GAMES[game].bonusWeightPct })));
    expect(first.weights.find((w) => w.game === 'dice')!.pct).toBe(100);
    expect(first.sources.map((s) => s.source)).toEqual(['promo', 'vip_rank', 'mission', 'rain', 'referral', 'console']);
    for (const source of ['vip_rank', 'mission', 'referral']) expect(text(first, source)).toBe('Wager 1× the bonus within 30 days before bonus coins can be withdrawn.');

    await app.db.updateTable('rain_settings').set({ wagering_multiple: 5, bonus_days: 3 }).where('id', '=', 1).execute();
    expect(text(await read(), 'rain')).toBe('Wager 5× the bonus within 3 days before bonus coins can be withdrawn.');
    await app.db.updateTable('rain_settings').set({ wagering_multiple: 0 }).where('id', '=', 1).execute();
    expect(text(await read(), 'rain')).toBe('Bonus coins can be withdrawn at once.');
  });
});
