import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../helpers/testApp.ts';
import { seedCatalog } from '../helpers/boxes.ts';
import { findUnstorableText, MAX_INPUT_DEPTH, NUL_MESSAGE, SURROGATE_MESSAGE, TOO_DEEP, TOO_DEEP_MESSAGE } from '../../core/protocol/text.ts';

// Inputs PostgreSQL cannot take are refused at validation with 422 `{message, errors}`, never a
// 500: a NUL character in any string (body, query, path; PostgreSQL text cannot hold one) and
// impossible dates in the `from`/`to` filters. Nothing changes on a refusal. Input nested past
// MAX_INPUT_DEPTH is refused with 400 before anything walks it.

let app: FastifyInstance;
let headers: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app);
  headers = (await createPlayer(app, { deposited: 100_00 })).headers;
});
afterAll(() => app.close());

const NUL = 'a\u0000b';
const client = { client_id: '2', client_secret: 'first-party-client-secret', scope: '*' };
const address = { first_name: 'A', last_name: 'B', email: 'a@example.com', phone: '+44 20 7946 0000', country: 'Germany', country_state: 'Berlin', city: 'Berlin', postal_code: '10115', street_address: 'Main 1' };

function expect422(res: { statusCode: number; json(): unknown; body: string }, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(422);
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body.errors).length).toBeGreaterThan(0);
}

describe('a NUL character', () => {
  const requests: Array<[string, () => Promise<{ statusCode: number; json(): unknown; body: string }>]> = [
    ['register name', () => app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: NUL, email: 'nul@example.com', password: 'secret1', 'g-recaptcha-response': '', terms: true } })],
    ['register email', () => app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Nul', email: `x${NUL}@example.com`, password: 'secret1', terms: true } })],
    ['login username', () => app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: `a${NUL}@example.com`, password: 'secret1', ...client } })],
    ['login form body', () => app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `grant_type=password&username=a%00b%40example.com&password=secret1&client_id=2&client_secret=first-party-client-secret` })],
    ['refresh token', () => app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: NUL, ...client } })],
    ['forgot password', () => app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: `a${NUL}@example.com`, 'g-recaptcha-response': '' } })],
    ['reset password', () => app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: NUL, email: 'a@example.com', password: 'secret1', password_confirmation: 'secret1' } })],
    ['promo code', () => app.inject({ method: 'POST', url: '/api/deposit/promocode/validate', headers, payload: { promocode: NUL } })],
    ['gift code', () => app.inject({ method: 'POST', url: '/api/deposit/gift-code/redeem', headers, payload: { code: NUL } })],
    ['voucher', () => app.inject({ method: 'POST', url: '/api/deposit/voucher/redeem', headers, payload: { code: NUL } })],
    ['shipping address', () => app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers, payload: { ...address, city: NUL } })],
    ['inventory filter', () => app.inject({ url: `/api/profile/inventory?filter[name]=a%00b`, headers })],
    ['box search', () => app.inject({ url: '/api/boxes?search=a%00b' })],
    ['box slug', () => app.inject({ url: '/api/boxes/a%00b' })],
    ['client seed', () => app.inject({ method: 'POST', url: '/api/fair/client-seed', headers, payload: { client_seed: NUL } })],
    ['referral code', () => app.inject({ method: 'POST', url: '/api/profile/referral-code', headers, payload: { code: NUL } })],
    ['crypto withdrawal address', () => app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers, payload: { type: 'crypto', amount: 20, currency: 'BTC', address: `bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfj${NUL}` } })],
  ];
  for (const [label, send] of requests) {
    it(`${label}: 422 (or 404 for a route not offered), never 500`, async () => {
      const res = await send();
      if (res.statusCode === 404 && !label.includes('slug')) return; // the route is not part of this build
      expect422(res, label);
    });
  }

  it('changes nothing', async () => {
    expect(await app.db.selectFrom('users').select('id').where('email', '=', 'nul@example.com').executeTakeFirst()).toBeUndefined();
  });
});

describe('impossible dates in from/to', () => {
  for (const url of ['/api/profile/invoices', '/api/profile/withdrawals']) {
    for (const date of ['2025-02-30', '2025-13-01', '0000-01-01', '2025-02-29', '99999-01-01', '2025-1-1']) {
      it(`${url} from=${date} / to=${date}: 422`, async () => {
        expect422(await app.inject({ url: `${url}?from=${date}`, headers }), `${url} from ${date}`);
        expect422(await app.inject({ url: `${url}?to=${date}`, headers }), `${url} to ${date}`);
      });
    }
    it(`${url}: real dates still answer 200 (leap day included)`, async () => {
      expect((await app.inject({ url: `${url}?from=2024-02-29&to=2025-12-31`, headers })).statusCode).toBe(200);
    });
  }
});

describe('input nested 10,000 levels deep', () => {
  // Once answered 500 on every route: the NUL check walked the body by recursion and overflowed.
  const deep = '['.repeat(10_000) + ']'.repeat(10_000);
  const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
  for (const [url, body] of [
    ['/api/dice/bet', deep],
    ['/api/auth/register', deepObject],
    ['/oauth/token', deepObject],
    ['/api/profile/shipping-address', deep],
  ] as const) {
    it(`${url}: 400 with a message, nothing walked past ${MAX_INPUT_DEPTH} levels`, async () => {
      const res = await app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: TOO_DEEP_MESSAGE, msg: TOO_DEEP_MESSAGE });
    });
  }

  it('the walk is a loop: a NUL is still found, first key first, and depth up to the limit passes', () => {
    expect(findUnstorableText({ a: [1, { b: 'x\u0000' }], c: 'y\u0000' })).toEqual({ path: 'a.1.b', message: NUL_MESSAGE });
    let nested: unknown = 'ok';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) nested = [nested];
    expect(findUnstorableText(nested)).toBeNull();
    expect(findUnstorableText([nested])).toBe(TOO_DEEP);
    // A lone surrogate (either half), in a value or a key; a whole pair is fine.
    expect(findUnstorableText({ ok: '💥🎁', note: 'x\ud800' })).toEqual({ path: 'note', message: SURROGATE_MESSAGE });
    expect(findUnstorableText({ ['\udc00']: 1 })).toEqual({ path: '\udc00', message: SURROGATE_MESSAGE });
  });
});
