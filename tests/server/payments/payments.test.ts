import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { ensurePromo } from '../../../server/promo/promoCodes.ts';
import { signedSandboxCallback, signedSandboxCryptoCallback } from '../../../server/payments/sandbox/sandboxGateway.ts';
import { createZenGateway, zenIpnHash } from '../../../server/payments/zen/zenGateway.ts';
import { createSkinsbackGateway, skinsbackSign } from '../../../server/payments/skinsback/skinsbackGateway.ts';
import { alphapoSignature } from '../../../server/payments/alphapo/alphapoGateway.ts';
import { shippingQueue } from '../../../server/shipping/shippingQueue.ts';
import { SETTLE_OUTCOME_HEADER } from '../../../server/payments/settlePayment.ts';
import type { BusMessage } from '../../../server/realtime/bus.ts';

let app: FastifyInstance;
const secret = () => app.config.appSecret;

beforeAll(async () => {
  app = await createTestApp();
  await ensurePromo(app.db, { code: 'winter35', value: 35, freeBoxes: 1 });
  await ensurePromo(app.db, { code: 'bonus5', value: 5 });
});
afterAll(() => app.close());

async function balanceOf(id: number) {
  return app.wallet.balance(id);
}

async function redirect(headers: Record<string, string>, body: unknown, gateway = 'zen') {
  return app.inject({ method: 'POST', url: `/api/deposit/${gateway}/redirect`, headers, payload: body as object });
}

function invoiceIdOf(url: string) {
  const m = /\/sandbox\/checkout\/(\d+)$/.exec(url);
  if (!m) throw new Error(`not a sandbox url: ${url}`);
  return Number(m[1]);
}

describe('card deposit through the sandbox', () => {
  it('keeps a promo bonus from being withdrawn until it is staked once: 100 + 35 refuses 135.00, names what is left to wager, and releases it after 35.00 of bets', async () => {
    const player = await createPlayer(app);
    const res = await redirect(player.headers, { amount: 100, promocode: 'winter35' });
    const id = invoiceIdOf(res.json().redirect_url);
    await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: player.headers, payload: { status: 'paid' } });
    expect(await balanceOf(player.id)).toBe(135_00);
    const withdraw = (amount: number) => app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: { type: 'crypto', amount, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' } });
    const refused = await withdraw(135);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.amount[0]).toBe('Bonus coins can be withdrawn once they have been wagered: wager 35.00 more coins to release them. You can withdraw up to 100.00 coins now.');
    expect(await balanceOf(player.id)).toBe(135_00);
    const bet = (amount: number) => app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount, target: 50, direction: 'under' } });
    expect((await bet(20)).statusCode).toBe(200);
    expect((await withdraw((await balanceOf(player.id)) / 100)).json().errors.amount[0]).toMatch(/^Bonus coins .*: wager 15\.00 more coins/);
    expect((await bet(15)).statusCode).toBe(200);
    const released = await withdraw((await balanceOf(player.id)) / 100);
    expect(released.statusCode, released.body).toBe(201);
    expect(await balanceOf(player.id)).toBe(0);
    // The console's queue shows the three figures beside the request.
    const queue = await shippingQueue(app.db, { userId: player.id }, { page: 1, perPage: 25 });
    expect(queue.rows[0]!.player).toMatchObject({ deposited: 100, wagered: 35, bonuses: 35, bonus_to_wager: 0 });
  });

  it('credits 25 + 35 % with winter35 (33.75), records the free box and announces the balance', async () => {
    const player = await createPlayer(app);
    const events: BusMessage[] = [];
    const off = app.bus.subscribe((m) => events.push(m));
    const res = await redirect(player.headers, { amount: 25, promocode: 'WINTER35' });
    expect(res.statusCode).toBe(200);
    const id = invoiceIdOf(res.json().redirect_url);
    const page = await app.inject({ method: 'GET', url: `/api/sandbox/checkout/${id}`, headers: player.headers });
    expect(page.json().data).toMatchObject({ id, amount: 25, status: 'new' });
    const done = await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: player.headers, payload: { status: 'paid' } });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('paid');
    off();
    expect(await balanceOf(player.id)).toBe(33_75);
    const mine = events.filter((e) => e.channel === `private-users.${player.id}`);
    expect(mine.filter((e) => e.event !== 'depositCredited').at(-1)?.data).toEqual({ type: 'balanceUpdated', current_balance: 33.75, version: expect.any(Number) });
    expect(mine.at(-1)?.data).toMatchObject({ amount: 25, bonus: 8.75 }); // the cashier's notice, after the balance
    const boxes = await app.db.selectFrom('entitlements').selectAll().where('user_id', '=', player.id).execute();
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toMatchObject({ kind: 'free_box', source: 'promo:winter35', reference: `invoice:${id}`, consumed_at: null });
    // The code is spent for this player now.
    const again = await app.inject({ method: 'POST', url: '/api/deposit/promocode/validate', headers: player.headers, payload: { promocode: 'winter35' } });
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe('You have already used this promo code');
    // Completing twice is refused; the balance stays.
    const twice = await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: player.headers, payload: { status: 'paid' } });
    expect(twice.statusCode).toBe(409);
    expect(await balanceOf(player.id)).toBe(33_75);
  });

  it('a declined payment changes nothing and later callbacks never downgrade or re-credit', async () => {
    const player = await createPlayer(app, { balance: 1_00 });
    const id = invoiceIdOf((await redirect(player.headers, { amount: 10 })).json().redirect_url);
    const res = await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: player.headers, payload: { status: 'rejected' } });
    expect(res.json().status).toBe('rejected');
    expect(await balanceOf(player.id)).toBe(1_00);
    // A forged-late but validly signed 'paid' for the rejected invoice is recorded and ignored.
    const late = signedSandboxCallback(secret(), { id, amount: 10_00 }, 'paid');
    const lateRes = await app.inject({ method: 'POST', url: '/api/payments/sandbox/callback', headers: late.headers, payload: late.raw });
    expect(lateRes.statusCode).toBe(200);
    expect(await balanceOf(player.id)).toBe(1_00);
    const row = await app.db.selectFrom('invoices').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('rejected');
  });

  it('rejects a callback with a bad signature (403) and changes nothing', async () => {
    const player = await createPlayer(app);
    const id = invoiceIdOf((await redirect(player.headers, { amount: 10 })).json().redirect_url);
    const signed = signedSandboxCallback(secret(), { id, amount: 10_00 }, 'paid');
    const tampered = signed.raw.replace('"paid"', '"paid" ');
    const res = await app.inject({ method: 'POST', url: '/api/payments/sandbox/callback', headers: signed.headers, payload: tampered });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Invalid signature', msg: 'Invalid signature' });
    const noSig = await app.inject({ method: 'POST', url: '/api/payments/sandbox/callback', headers: { 'content-type': 'application/json' }, payload: signed.raw });
    expect(noSig.statusCode).toBe(403);
    expect(await balanceOf(player.id)).toBe(0);
    const unknown = await app.inject({ method: 'POST', url: '/api/payments/nope/callback', payload: '{}' , headers: { 'content-type': 'application/json' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('a duplicate callback credits once', async () => {
    const player = await createPlayer(app);
    const id = invoiceIdOf((await redirect(player.headers, { amount: 12.5 })).json().redirect_url);
    const signed = signedSandboxCallback(secret(), { id, amount: 12_50 }, 'paid');
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/payments/sandbox/callback', headers: signed.headers, payload: signed.raw });
      expect(res.statusCode).toBe(200);
    }
    expect(await balanceOf(player.id)).toBe(12_50);
  });
});

describe('deposit redirect errors', () => {
  it('needs a login', async () => {
    const res = await redirect({}, { amount: 25 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('refuses a card amount below 5, non-numbers and 3 decimals with 422 on amount', async () => {
    const player = await createPlayer(app);
    for (const amount of [4.99, 'abc', 10.123, null]) {
      const res = await redirect(player.headers, { amount });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toContain('amount');
    }
    expect(await app.db.selectFrom('invoices').select('id').where('user_id', '=', player.id).execute()).toEqual([]);
  });

  it('validates the promo code again on the server', async () => {
    const player = await createPlayer(app);
    const res = await redirect(player.headers, { amount: 25, promocode: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('Promo code is invalid or expired');
    expect(await app.db.selectFrom('invoices').select('id').where('user_id', '=', player.id).execute()).toEqual([]);
  });

  it('skins: default-sized deposits go through the sandbox too (the skins value is credited)', async () => {
    const player = await createPlayer(app);
    const res = await redirect(player.headers, { amount: 3.15, promocode: 'bonus5' }, 'skinsback');
    expect(res.statusCode).toBe(200);
    const id = invoiceIdOf(res.json().redirect_url);
    await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: player.headers, payload: { status: 'paid' } });
    expect(await balanceOf(player.id)).toBe(3_15 + 15); // 5 % of 3.15 rounds down to 0.15
  });
});

describe('crypto sandbox', () => {
  it('lists ten currencies, gives one reusable address per currency and credits a confirmed transfer', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/deposit/alphapo/available-currencies' });
    const data = list.json().data as { currency: string; minimum_amount: number }[];
    expect(data).toHaveLength(10);
    expect(data.map((d) => d.currency)).not.toContain('XRP');
    expect(data[0]).toMatchObject({ currency: 'BTC', minimum_amount: 35, rate_from: 1 });

    const player = await createPlayer(app);
    const a = await app.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: player.headers, payload: { currency: 'BTC' } });
    const b = await app.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: player.headers, payload: { currency: 'BTC' } });
    const wallet = a.json().data.wallet as string;
    expect(wallet).toMatch(/^bc1q/);
    expect(b.json().data.wallet).toBe(wallet);
    const eth = await app.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: player.headers, payload: { currency: 'ETH' } });
    expect(eth.json().data.wallet).not.toBe(wallet);

    const res = await app.inject({ method: 'POST', url: `/api/sandbox/crypto/${wallet}/receive`, headers: player.headers, payload: { amount: 40 } });
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(player.id)).toBe(40_00);
    // Below the 35 USD minimum: recorded as rejected, nothing credited.
    await app.inject({ method: 'POST', url: `/api/sandbox/crypto/${wallet}/receive`, headers: player.headers, payload: { amount: 20 } });
    expect(await balanceOf(player.id)).toBe(40_00);
    const invoices = await app.inject({ method: 'GET', url: '/api/profile/invoices?gateway=alphapo', headers: player.headers });
    expect(invoices.json().data.map((i: { status: string }) => i.status)).toEqual(['rejected', 'paid']);
  });

  it('a promo code applied in the crypto form is credited with the next transfer only', async () => {
    const player = await createPlayer(app);
    const bad = await app.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: player.headers, payload: { currency: 'SOL', promocode: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().msg).toBe('Promo code is invalid or expired');
    const res = await app.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: player.headers, payload: { currency: 'SOL', promocode: 'winter35' } });
    const wallet = res.json().data.wallet as string;
    // Each credited transfer is announced to its player once, after the commit (the open cashier says it arrived).
    const notices: unknown[] = [];
    const stop = app.bus.subscribe((m) => m.event === 'depositCredited' && notices.push({ channel: m.channel, data: m.data }));
    await app.inject({ method: 'POST', url: `/api/sandbox/crypto/${wallet}/receive`, headers: player.headers, payload: { amount: 40 } });
    expect(await balanceOf(player.id)).toBe(40_00 + 14_00);
    await app.inject({ method: 'POST', url: `/api/sandbox/crypto/${wallet}/receive`, headers: player.headers, payload: { amount: 40 } });
    expect(await balanceOf(player.id)).toBe(80_00 + 14_00);
    stop();
    const notice = (amount: number, bonus: number) => ({ channel: `private-users.${player.id}`, data: expect.objectContaining({ gateway: 'alphapo', currency: 'SOL', amount, bonus }) });
    expect(notices).toEqual([notice(40, 14), notice(40, 0)]);
    const boxes = await app.db.selectFrom('entitlements').select('source').where('user_id', '=', player.id).execute();
    expect(boxes).toEqual([{ source: 'promo:winter35' }]);
  });

  it('refuses XRP (lookup only) and unknown currencies, and a transfer to an unknown address', async () => {
    const player = await createPlayer(app);
    for (const currency of ['XRP', 'FOO']) {
      const res = await app.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: player.headers, payload: { currency } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.currency).toBeDefined();
    }
    const res = await app.inject({ method: 'POST', url: '/api/sandbox/crypto/nowhere/receive', headers: player.headers, payload: { amount: 50 } });
    expect(res.statusCode).toBe(404);
  });

  it('verifies X-Processing-Signature over the raw body', async () => {
    const player = await createPlayer(app);
    const wallet = (await app.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: player.headers, payload: { currency: 'LTC' } })).json().data.wallet;
    const signed = signedSandboxCryptoCallback(secret(), { address: wallet, currency: 'LTC' }, 100_00);
    const forged = { ...signed.headers, 'x-processing-signature': alphapoSignature(signed.raw, 'wrong-secret') };
    expect((await app.inject({ method: 'POST', url: '/api/payments/alphapo/callback', headers: forged, payload: signed.raw })).statusCode).toBe(403);
    // Re-serialised JSON (same fields, other bytes) no longer matches the signature.
    const reformatted = JSON.stringify(JSON.parse(signed.raw), null, 1);
    expect((await app.inject({ method: 'POST', url: '/api/payments/alphapo/callback', headers: signed.headers, payload: reformatted })).statusCode).toBe(403);
    expect(await balanceOf(player.id)).toBe(0);
    expect((await app.inject({ method: 'POST', url: '/api/payments/alphapo/callback', headers: signed.headers, payload: signed.raw })).statusCode).toBe(200);
    expect(await balanceOf(player.id)).toBe(100_00);
  });

  it('transfer ids past 2^53 that differ in the last digit are two transfers, not a duplicate', async () => {
    const player = await createPlayer(app);
    const wallet = (await app.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: player.headers, payload: { currency: 'LTC' } })).json().data.wallet;
    const base = signedSandboxCryptoCallback(secret(), { address: wallet, currency: 'LTC' }, 40_00);
    // Alphapo sends its ids as JSON numbers: 17 digits, 1 apart, equal once read as a Number.
    for (const id of ['17643216000000001', '17643216000000002']) {
      const raw = base.raw.replace(/"id":"\d+","type"/, `"id":${id},"type"`);
      const headers = { ...base.headers, 'x-processing-signature': alphapoSignature(raw, secret()) };
      const res = await app.inject({ method: 'POST', url: '/api/payments/alphapo/callback', headers, payload: raw });
      expect(res.headers[SETTLE_OUTCOME_HEADER], raw.slice(0, 60)).toBe('paid');
    }
    expect(await balanceOf(player.id)).toBe(80_00);
  });
});

describe('invoice history', () => {
  it('filters by gateway and dates and pages with links.next and meta.total', async () => {
    const player = await createPlayer(app);
    for (let i = 0; i < 17; i++) await redirect(player.headers, { amount: 5 + i });
    await redirect(player.headers, { amount: 5 }, 'skinsback');
    const first = await app.inject({ method: 'GET', url: '/api/profile/invoices?gateway=zen', headers: player.headers });
    const body = first.json();
    expect(body.meta.total).toBe(17);
    expect(body.data).toHaveLength(15);
    expect(body.data[0]).toMatchObject({ gateway: 'zen', amount: 21, status: 'new', status_title: 'New' });
    expect(body.links.next).toBe('/api/profile/invoices?gateway=zen&page=2');
    const second = await app.inject({ method: 'GET', url: body.links.next, headers: player.headers });
    expect(second.json().data).toHaveLength(2);
    expect(second.json().links.next).toBeNull();
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await app.inject({ method: 'GET', url: `/api/profile/invoices?from=${today}&to=${today}`, headers: player.headers });
    expect(ranged.json().meta.total).toBe(18);
    const past = await app.inject({ method: 'GET', url: '/api/profile/invoices?to=2000-01-01', headers: player.headers });
    expect(past.json().meta.total).toBe(0);
    const bad = await app.inject({ method: 'GET', url: '/api/profile/invoices?gateway=paypal&from=yesterday', headers: player.headers });
    expect(bad.statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/profile/invoices' })).statusCode).toBe(401);
  });
});

describe('provider adapters', () => {
  it('zen: checks the IPN hash and maps statuses; reversal takes the money back', async () => {
    const zen = createZenGateway({ terminalUuid: 't', paywallSecret: 'p', ipnSecret: 'ipn', apiUrl: 'http://zen.invalid', currency: 'USD' });
    const ipn = { merchantTransactionId: 'invoice-7', currency: 'USD', amount: '25.00', status: 'ACCEPTED', transactionId: 'tx1' };
    const raw = Buffer.from(JSON.stringify({ ...ipn, hash: zenIpnHash(ipn, 'ipn') }));
    expect(zen.verify(raw, {})).toBe(true);
    expect(zen.verify(Buffer.from(JSON.stringify({ ...ipn, amount: '2500.00', hash: zenIpnHash(ipn, 'ipn') })), {})).toBe(false);
    expect(zen.parse(raw, {})).toEqual({ kind: 'event', event: { providerTxId: 'tx1:paid', status: 'paid', invoiceId: 7, amountCents: 2500 } });
  });

  it('zen: creates a signed checkout and reads redirectUrl', async () => {
    let sent: Record<string, unknown> = {};
    const fake = (async (_url: string, init: RequestInit) => {
      sent = JSON.parse(String(init.body));
      return new Response(JSON.stringify({ redirectUrl: 'https://secure.zen.com/abc' }), { status: 200 });
    }) as unknown as typeof fetch;
    const zen = createZenGateway({ terminalUuid: 't', paywallSecret: 'p', ipnSecret: 'ipn', apiUrl: 'http://zen.invalid', currency: 'USD' }, fake);
    const out = await zen.createCheckout({ invoiceId: 3, amountCents: 2500, user: { id: 1, email: 'a@b.c', name: 'A' }, returnUrl: 'http://x/', callbackUrl: 'http://x/cb' });
    expect(out.redirectUrl).toBe('https://secure.zen.com/abc');
    expect(sent).toMatchObject({ merchantTransactionId: 'invoice-3', amount: '25.00', terminalUuid: 't' });
    expect(String(sent.signature)).toMatch(/^[0-9a-f]{64};sha256$/);
  });

  it('skinsback: checks the sign of a form callback and credits the traded value', () => {
    const sb = createSkinsbackGateway({ shopId: '1', secret: 's', apiUrl: 'http://sb.invalid' });
    const params = { status: 'success', transaction_id: '99', order_id: 'invoice-4', amount: '3.40' };
    const form = new URLSearchParams({ ...params, sign: skinsbackSign(params, 's') }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(sb.verify(Buffer.from(form), headers)).toBe(true);
    expect(sb.verify(Buffer.from(form.replace('3.40', '340.00')), headers)).toBe(false);
    expect(sb.parse(Buffer.from(form), headers)).toEqual({ kind: 'event', event: { providerTxId: '99:paid', status: 'paid', invoiceId: 4, amountCents: 340, amountIsFinal: true } });
  });
});

describe('the way back after a payment', () => {
  it('the provider returns the player to the page they came from; without one, to their deposits', async () => {
    const player = await createPlayer(app);
    const seen: string[] = [];
    const card = app.payments.card;
    const original = card.createCheckout.bind(card);
    card.createCheckout = (input) => {
      seen.push(input.returnUrl);
      return original(input);
    };
    try {
      const back = await redirect(player.headers, { amount: 25, return_to: '/boxes/gift-card-grab?x=1' });
      expect(back.json().redirect_url).toMatch(/^\/sandbox\/checkout\/\d+\?return_to=%2Fboxes%2Fgift-card-grab%3Fx%3D1$/);
      const plain = await redirect(player.headers, { amount: 25 });
      expect(plain.json().redirect_url).toMatch(/^\/sandbox\/checkout\/\d+$/);
    } finally {
      card.createCheckout = original;
    }
    const { publicUrl } = app.payments;
    expect(seen).toEqual([`${publicUrl}/boxes/gift-card-grab?x=1`, `${publicUrl}/profile/deposit`]);
  });

  it('refuses a way back that leaves the site', async () => {
    const player = await createPlayer(app);
    for (const return_to of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/a b']) {
      const res = await redirect(player.headers, { amount: 25, return_to });
      expect(res.statusCode, return_to).toBe(422);
      expect(res.json().errors.return_to).toEqual(['The return page is not valid.']);
    }
  });
});

describe('gateway selection', () => {
  it('in production without keys the sandbox is off unless PAYMENTS_SANDBOX=true', async () => {
    const env = { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-of-at-least-32-chars!', PUSHER_SECRET: 'a-production-pusher-secret' };
    const prod = await createTestApp(env);
    try {
      const player = await createPlayer(prod);
      const res = await prod.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: player.headers, payload: { amount: 25 } });
      expect(res.statusCode).toBe(502);
      expect(res.json().msg).toBe('The payment provider is not available. Please try again later.');
      expect((await prod.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: player.headers, payload: { currency: 'BTC' } })).statusCode).toBe(502);
      expect((await prod.inject({ method: 'GET', url: '/api/sandbox/checkout/1', headers: player.headers })).statusCode).toBe(404);
      const cb = await prod.inject({ method: 'POST', url: '/api/payments/sandbox/callback', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(cb.statusCode).toBe(404);
      expect(await prod.wallet.balance(player.id)).toBe(0);
    } finally {
      await prod.close();
    }
    const allowed = await createTestApp({ ...env, PAYMENTS_SANDBOX: 'true' });
    try {
      const player = await createPlayer(allowed);
      const res = await allowed.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: player.headers, payload: { amount: 25 } });
      expect(res.json().redirect_url).toMatch(/^\/sandbox\/checkout\/\d+$/);
    } finally {
      await allowed.close();
    }
  }, 120_000);
});
