import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createPlayer } from './helpers/testApp.ts';
import { expectLedgerBalanced, ownedCount, seedCatalog } from './boxesHelpers.ts';
import { moveWithdrawal } from '../../server/shipping/withdrawals.ts';
import { withdrawalsCommand } from '../../server/shipping/withdrawalsCommand.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app);
});
afterAll(() => app.close());

export const address = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  country: 'United Kingdom',
  country_state: 'London',
  city: 'London',
  postal_code: 'W1A 1AA',
  street_address: '12 Analytical Street',
  street_address_2: null,
};

async function playerWithItems(count: number, options: { verified?: boolean } = {}) {
  const player = await createPlayer(app, { balance: 1_000_00, verified: options.verified ?? true });
  const res = await app.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/open', headers: player.headers, payload: { quantity: count } });
  return { player, ids: res.json().data.openings.map((o: { inventory_id: number }) => o.inventory_id) as number[] };
}

describe('shipping address', () => {
  it('saves the address with the spec message and validates with the spec texts', async () => {
    const player = await createPlayer(app);
    const ok = await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: player.headers, payload: address });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: 'Info saved successfully' });
    expect((await app.inject({ url: '/api/profile/shipping-address', headers: player.headers })).json().data).toEqual(address);

    const empty = await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: player.headers, payload: {} });
    expect(empty.statusCode).toBe(422);
    const errors = empty.json().errors;
    expect(errors.first_name).toEqual(['first name is a required field']);
    expect(errors.last_name).toEqual(['last name is a required field']);
    expect(errors.country_state).toEqual(['state is a required field']);
    expect(errors.postal_code).toEqual(['postal code is a required field']);
    expect(errors.street_address).toEqual(['street is a required field']);
    expect(errors.street_address_2).toBeUndefined();
    const badEmail = await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: player.headers, payload: { ...address, email: 'nope', first_name: '  ' } });
    expect(badEmail.json().errors).toEqual({ first_name: ['first name is a required field'], email: ['email is not valid.'] });
    // Nothing changed by the failed saves.
    expect((await app.inject({ url: '/api/profile/shipping-address', headers: player.headers })).json().data.first_name).toBe('Ada');
  });
});

describe('withdrawals', () => {
  it('ships items to the saved address, lists it as Requested, cancels and gets the items back', async () => {
    const { player, ids } = await playerWithItems(3);
    const noAddress = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: { type: 'delivery', items: ids.slice(0, 1) } });
    expect(noAddress.json().msg).toBe('Please save your delivery address first.');
    await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: player.headers, payload: address });
    const created = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: { type: 'delivery', items: ids.slice(0, 2) } });
    expect(created.statusCode).toBe(201);
    expect(await ownedCount(app, player.id)).toBe(1);
    const list = (await app.inject({ url: '/api/profile/withdrawals?type=delivery', headers: player.headers })).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({ type: 'delivery', status: 'new', status_title: 'Requested', status_colour: 'white', shipping_address: address });
    expect(list.data[0].items).toHaveLength(2);
    expect((await app.inject({ url: '/api/profile/withdrawals?type=crypto', headers: player.headers })).json().meta.total).toBe(0);
    const future = (await app.inject({ url: '/api/profile/withdrawals?from=2999-01-01', headers: player.headers })).json();
    expect(future.meta.total).toBe(0);

    const stranger = await createPlayer(app);
    expect((await app.inject({ method: 'POST', url: `/api/profile/withdrawals/${created.json().data.id}/cancel`, headers: stranger.headers })).statusCode).toBe(404);
    const cancel = await app.inject({ method: 'POST', url: `/api/profile/withdrawals/${created.json().data.id}/cancel`, headers: player.headers });
    expect(cancel.json()).toEqual({ msg: 'Withdrawal canceled.' });
    expect(await ownedCount(app, player.id)).toBe(3);
    const again = await app.inject({ method: 'POST', url: `/api/profile/withdrawals/${created.json().data.id}/cancel`, headers: player.headers });
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe('This withdrawal can no longer be canceled.');
    const after = (await app.inject({ url: '/api/profile/withdrawals', headers: player.headers })).json();
    expect(after.data[0]).toMatchObject({ status: 'canceled_by_user', status_title: 'Canceled', status_colour: 'red' });
  });

  it('refuses to ship an item that is not owned, changing nothing', async () => {
    const { player, ids } = await playerWithItems(2);
    await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: player.headers, payload: address });
    await app.inject({ method: 'POST', url: `/api/profile/inventory/${ids[0]}/sell`, headers: player.headers });
    const res = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: { type: 'delivery', items: ids } });
    expect(res.statusCode).toBe(422);
    expect(await ownedCount(app, player.id)).toBe(1);
    expect((await app.inject({ url: '/api/profile/withdrawals', headers: player.headers })).json().meta.total).toBe(0);
  });

  it('pays out crypto from the balance, needs a verified email, refunds on cancel', async () => {
    const unverified = await createPlayer(app, { balance: 100_00, verified: false });
    const payload = { type: 'crypto', amount: 25.5, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' };
    expect((await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: unverified.headers, payload })).json().msg).toBe('Please verify your email address before withdrawing.');
    const player = await createPlayer(app, { balance: 100_00 });
    for (const [bad, field] of [[{ ...payload, amount: 5 }, 'amount'], [{ ...payload, currency: 'XRP' }, 'currency'], [{ ...payload, address: 'short' }, 'address']] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: bad });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const tooMuch = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: { ...payload, amount: 500 } });
    expect(tooMuch.json().msg).toBe('Insufficient balance');
    const created = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload });
    expect(created.statusCode).toBe(201);
    expect(await app.wallet.balance(player.id)).toBe(100_00 - 25_50);
    await app.inject({ method: 'POST', url: `/api/profile/withdrawals/${created.json().data.id}/cancel`, headers: player.headers });
    expect(await app.wallet.balance(player.id)).toBe(100_00);
    await expectLedgerBalanced(app);
  });

  it('operators move withdrawals on; a processed one can no longer be canceled by the player', async () => {
    const player = await createPlayer(app, { balance: 100_00 });
    const payload = { type: 'crypto', amount: 30, currency: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7' };
    const id = (await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload })).json().data.id;
    expect(await moveWithdrawal(app.wallet, id, 'done')).toBe(false);
    expect(await moveWithdrawal(app.wallet, id, 'in_processing')).toBe(true);
    expect((await app.inject({ method: 'POST', url: `/api/profile/withdrawals/${id}/cancel`, headers: player.headers })).statusCode).toBe(422);
    expect(await moveWithdrawal(app.wallet, id, 'canceled')).toBe(true);
    expect(await app.wallet.balance(player.id)).toBe(100_00);
    expect(await moveWithdrawal(app.wallet, id, 'done')).toBe(false);
    const row = (await app.inject({ url: '/api/profile/withdrawals', headers: player.headers })).json().data[0];
    expect(row).toMatchObject({ status: 'canceled', status_title: 'Canceled' });
    await expectLedgerBalanced(app);
  });

  it('the ops command lists withdrawals and cancels one, returning the items', async () => {
    const { player, ids } = await playerWithItems(2);
    await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: player.headers, payload: address });
    const id = (await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: { type: 'delivery', items: ids } })).json().data.id;
    const out: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => {
      out.push(chunk);
      return true;
    }) as typeof process.stdout.write;
    try {
      await withdrawalsCommand.run(app.db, { status: 'new', user: String(player.id) });
      await withdrawalsCommand.run(app.db, { id: String(id), to: 'canceled' });
    } finally {
      process.stdout.write = write;
    }
    expect(out[0]).toMatch(new RegExp(`^\\s*${id}\\s+new\\s+user ${player.id}\\s+delivery\\s+2 item\\(s\\)`));
    expect(out[1]).toBe(`withdrawal ${id} → canceled\n`);
    expect(await ownedCount(app, player.id)).toBe(2);
    await expect(withdrawalsCommand.run(app.db, { id: String(id), to: 'done' })).rejects.toThrow(/cannot move to done/);
  });
});
