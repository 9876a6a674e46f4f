import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../helpers/testApp.ts';
import { seedCatalog } from '../helpers/boxes.ts';
import { ELIGIBILITY_MESSAGES, MIN_DEPOSITED_CENTS } from '../../server/security/eligibility.ts';

// Free loot and every withdrawal (delivery and crypto) need a verified email and at least the
// smallest card deposit of the player's own money: throwaway accounts cannot farm the free box
// and take it out. A refusal changes nothing (422 `{message, msg}`).

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app);
});
afterAll(() => app.close());

const address = { first_name: 'A', last_name: 'B', email: 'a@example.com', phone: '+44 20 7946 0000', country: 'Germany', country_state: 'Berlin', city: 'Berlin', postal_code: '10115', street_address: 'Main 1' };
const openFree = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/free-boxes/free-level-1/open', headers });
const crypto = { type: 'crypto', amount: 20, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' };

async function claimsAndWithdrawals(userId: number) {
  const claims = await app.db.selectFrom('free_box_claims').select('user_id').where('user_id', '=', userId).execute();
  const withdrawals = await app.db.selectFrom('withdrawals').select('id').where('user_id', '=', userId).execute();
  return { claims: claims.length, withdrawals: withdrawals.length };
}

describe('free loot', () => {
  it('a fresh unverified sign-up cannot open the free box', async () => {
    const player = await createPlayer(app, { verified: false, deposited: 100_00 });
    const res = await openFree(player.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: ELIGIBILITY_MESSAGES.freeLoot.email, msg: ELIGIBILITY_MESSAGES.freeLoot.email });
    expect(await claimsAndWithdrawals(player.id)).toEqual({ claims: 0, withdrawals: 0 });
  });

  it('a verified player without a deposit cannot; with the minimum deposit can', async () => {
    const player = await createPlayer(app, { deposited: MIN_DEPOSITED_CENTS - 1 });
    const res = await openFree(player.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('Please deposit at least 5.00 coins to open free boxes.');
    const grants = await createPlayer(app, { balance: 1_000_00 }); // coins granted, not deposited
    expect((await openFree(grants.headers)).json().msg).toBe('Please deposit at least 5.00 coins to open free boxes.');
    const depositor = await createPlayer(app, { deposited: MIN_DEPOSITED_CENTS });
    expect((await openFree(depositor.headers)).statusCode).toBe(200);
  });
});

describe('withdrawals', () => {
  it('a delivery needs a verified email', async () => {
    const player = await createPlayer(app, { verified: false, deposited: 100_00 });
    await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: player.headers, payload: address });
    const opened = await app.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/open', headers: player.headers, payload: { quantity: 1 } });
    const item = opened.json().data.openings[0].inventory_id;
    const res = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: { type: 'delivery', items: [item] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('Please verify your email address before withdrawing.');
    expect(await claimsAndWithdrawals(player.id)).toEqual({ claims: 0, withdrawals: 0 });
    const state = await app.db.selectFrom('inventory_items').select('state').where('id', '=', item).executeTakeFirstOrThrow();
    expect(state.state).toBe('owned');
  });

  it('a delivery and a crypto payout need the minimum deposit; the balance stays', async () => {
    const player = await createPlayer(app, { balance: 100_00 });
    await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: player.headers, payload: address });
    const opened = await app.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/open', headers: player.headers, payload: { quantity: 1 } });
    const item = opened.json().data.openings[0].inventory_id;
    const before = await app.wallet.balance(player.id);
    for (const payload of [{ type: 'delivery', items: [item] }, crypto]) {
      const res = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: ELIGIBILITY_MESSAGES.withdraw.deposit, msg: 'Please deposit at least 5.00 coins before withdrawing.' });
    }
    expect(await app.wallet.balance(player.id)).toBe(before);
    expect(await claimsAndWithdrawals(player.id)).toEqual({ claims: 0, withdrawals: 0 });
    const depositor = await createPlayer(app, { deposited: 50_00 });
    expect((await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: depositor.headers, payload: crypto })).statusCode).toBe(201);
  });
});
