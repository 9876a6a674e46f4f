import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestApp } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { RISK_MSG } from '../../../core/protocol/risk.ts';
import { ensurePromo } from '../../../server/promo/promoCodes.ts';

// Linked accounts (docs/risk.md): a cluster of three accounts of one person — two signed in from one
// browser (its device id), a third withdrawing to the second's crypto address — and a stranger who
// only shares the sign-in address. The console shows each account's links, kinds and score; the
// operator's rules refuse a tip inside the cluster, a second account's rain share and a promo code's
// second use in the cluster (its deposit still credited, without the bonus), and let the stranger
// through; the rules switched off (audited) let the tip through. Marks hold no raw value.

let app: FastifyInstance;
const client = { client_id: '2', client_secret: 'first-party-client-secret', scope: '*' };
const device = randomUUID();
type Account = { id: number; headers: { authorization: string } };

/** Registers and signs in from `deviceId`'s browser; answers the account with its token. */
async function signedUp(name: string, deviceId: string): Promise<Account> {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`;
  expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: { terms: true, name, email, password: 'secret1', 'g-recaptcha-response': '' } })).statusCode).toBe(200);
  const signIn = await app.inject({ method: 'POST', url: '/oauth/token', headers: { 'x-device-id': deviceId }, payload: { grant_type: 'password', username: email, password: 'secret1', ...client } });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const id = Number((await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
  await sql`update users set email_verified_at = now() where id = ${id}`.execute(app.db);
  await app.wallet.transaction((tx) => tx.credit({ userId: id, amount: 50_00, reason: 'deposit', reference: `test:${id}` }));
  return { id, headers: { authorization: `Bearer ${signIn.json().access_token}` } };
}

let ann: Account, annAlt: Account, annThird: Account, stranger: Account;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  app = await createTestApp();
  await ensurePromo(app.db, { code: 'fixed10', value: 10_00, isFixedValue: true, perUserLimit: 1, wageringMultiple: 0 });
  admin = await createStaff(app, 'admin');
  ann = await signedUp('Ann', device);
  annAlt = await signedUp('AnnAlt', device);
  stranger = await signedUp('Stranger', randomUUID());
  // The third account of the cluster: another browser, but it withdraws to AnnAlt's address (written in another case).
  annThird = await signedUp('AnnThird', randomUUID());
  const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
  for (const [who, written] of [[annAlt, address], [annThird, address.toUpperCase()]] as const) {
    const res = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: who.headers, payload: { type: 'crypto', amount: 20, currency: 'BTC', address: written } });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
});
afterAll(async () => {
  await app.close();
});

const links = async (a: Account) => (await app.inject({ method: 'GET', url: `/api/admin/players/${a.id}/links`, headers: admin.headers })).json().data;
const tip = (from: Account, to: string) => app.inject({ method: 'POST', url: '/api/chat/tips', headers: from.headers, payload: { name: to, amount: 1 } });

describe('linked accounts', () => {
  it('links accounts by device and crypto address into one cluster, a shared sign-in address only weakly; the marks hold no raw value', async () => {
    const a = await links(ann);
    // The strongest link first; equal ones in the order the accounts were made.
    expect(a.links.map((l: { name: string; kinds: string[] }) => [l.name, l.kinds])).toEqual([
      ['AnnAlt', ['device', 'address']],
      ['Stranger', ['address']],
      ['AnnThird', ['address']],
    ]);
    expect(a).toMatchObject({ score: 40, cluster: 3 });
    const third = await links(annThird);
    expect(third.links[0]).toMatchObject({ name: 'AnnAlt', kinds: ['crypto_address', 'address'] });
    expect(third).toMatchObject({ score: 50, cluster: 3 });
    expect(await links(stranger)).toMatchObject({ score: 15, cluster: 1 });
    // The score beside the player's withdrawals in the console's queue (and its support tickets and approvals: one reader, riskScores).
    const queue = (await app.inject({ url: `/api/admin/withdrawals?user_id=${annThird.id}`, headers: admin.headers })).json().data as { player: { risk_score: number } }[];
    expect(queue.map((w) => w.player.risk_score)).toEqual([50]);
    expect((await app.inject({ method: 'GET', url: '/api/admin/players/999999/links', headers: admin.headers })).statusCode).toBe(404);
    const stored = await sql<{ value: string }>`select value from account_marks`.execute(app.db);
    for (const { value } of stored.rows) expect(value).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(stored.rows)).not.toContain(device);
  });

  it('refuses a tip inside the cluster and moves nothing; a tip to the stranger goes', async () => {
    const before = await Promise.all([ann, annThird].map((a) => app.wallet.balance(a.id)));
    const refused = await tip(ann, 'AnnThird');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.name).toEqual([RISK_MSG.tip]);
    expect(await Promise.all([ann, annThird].map((a) => app.wallet.balance(a.id)))).toEqual(before);
    expect((await tip(ann, 'Stranger')).statusCode).toBe(200);
  });

  it("uses a promo code once per cluster: refused to the second account, and a deposit it began before the first used it comes without the bonus", async () => {
    const redirect = async (a: Account) => {
      const res = await app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: a.headers, payload: { amount: 20, promocode: 'fixed10' } });
      expect(res.statusCode, res.body).toBe(200);
      return Number(/(\d+)$/.exec(res.json().redirect_url)![1]);
    };
    const complete = (a: Account, id: number) => app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: a.headers, payload: { status: 'paid' } });
    const before = await Promise.all([ann, annAlt].map((a) => app.wallet.balance(a.id)));
    // Both checkouts open while neither account has used the code; Ann's completes first.
    const [annCheckout, altCheckout] = [await redirect(ann), await redirect(annAlt)];
    await complete(ann, annCheckout);
    const check = await app.inject({ method: 'POST', url: '/api/deposit/promocode/validate', headers: annAlt.headers, payload: { promocode: 'fixed10' } });
    expect([check.statusCode, check.json().msg]).toEqual([422, RISK_MSG.code]);
    await complete(annAlt, altCheckout);
    const after = await Promise.all([ann, annAlt].map((a) => app.wallet.balance(a.id)));
    expect(after.map((b, i) => b - before[i]!)).toEqual([30_00, 20_00]);
    expect((await app.inject({ method: 'POST', url: '/api/deposit/promocode/validate', headers: stranger.headers, payload: { promocode: 'fixed10' } })).statusCode).toBe(200);
  });

  it('links the accounts a card or a skins account paid for, by the provider\'s token: no card number stored', async () => {
    const [cara, carl, sam, sid] = [await signedUp('Cara', randomUUID()), await signedUp('Carl', randomUUID()), await signedUp('Sam', randomUUID()), await signedUp('Sid', randomUUID())];
    const pay = async (a: Account, gateway: 'zen' | 'skinsback', payer: Record<string, string>) => {
      const res = await app.inject({ method: 'POST', url: `/api/deposit/${gateway}/redirect`, headers: a.headers, payload: { amount: 20 } });
      const id = Number(/(\d+)$/.exec(res.json().redirect_url)![1]);
      const done = await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: a.headers, payload: { status: 'paid', ...payer } });
      expect(done.json().status, done.body).toBe('paid');
    };
    const card = '4242 4242 1234 5678';
    await pay(cara, 'zen', { card_number: card });
    await pay(carl, 'zen', { card_number: card.replaceAll(' ', '') });
    await pay(sam, 'skinsback', { steam_id: '76561198000000042' });
    await pay(sid, 'skinsback', { steam_id: '76561198000000042' });
    const [c, s] = [await links(cara), await links(sam)];
    expect(c.links.find((l: { name: string }) => l.name === 'Carl')).toMatchObject({ kinds: ['card', 'address'] });
    expect(c).toMatchObject({ cluster: 2 });
    expect(s.links.find((l: { name: string }) => l.name === 'Sid')).toMatchObject({ kinds: ['skins_account', 'address'] });
    expect(s).toMatchObject({ cluster: 2 });
    // A bad card number is refused by the checkout's validation, and nothing is paid.
    const res = await app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: cara.headers, payload: { amount: 20 } });
    const refused = await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${/(\d+)$/.exec(res.json().redirect_url)![1]}/complete`, headers: cara.headers, payload: { status: 'paid', card_number: '42' } });
    expect(refused.statusCode).toBe(422);
    const stored = await sql<{ value: string }>`select value from account_marks where kind in ('card', 'skins_account')`.execute(app.db);
    expect(stored.rows).toHaveLength(4);
    expect(JSON.stringify(stored.rows)).not.toMatch(/4242|76561198000000042/);
  });

  it('marks an account at its sign-up too: a second account made in the same browser is linked before it ever signs in', async () => {
    const browser = randomUUID();
    const first = await signedUp('Fay', browser);
    const email = `fay2-${randomUUID().slice(0, 6)}@example.com`;
    const made = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'x-device-id': browser }, payload: { terms: true, name: 'Fay2', email, password: 'secret1', 'g-recaptcha-response': '' } });
    expect(made.statusCode).toBe(200);
    expect((await links(first)).links.find((l: { name: string }) => l.name === 'Fay2')).toMatchObject({ kinds: ['device', 'address'] });
  });

  it('lets one account of a cluster into a rain', async () => {
    await sql`update rain_settings set require_verified = false, min_wagered_7d = 0, min_deposited_14d = 0, captcha = false where id = 1`.execute(app.db);
    await sql`insert into rains (pot, opened_at, closes_at) values (500, now(), now() + interval '10 minutes')`.execute(app.db);
    const join = (a: Account) => app.inject({ method: 'POST', url: '/api/chat-rain/join', headers: a.headers, payload: {} });
    expect((await join(annThird)).statusCode).toBeLessThan(300);
    const second = await join(ann);
    expect([second.statusCode, second.json().message]).toEqual([403, RISK_MSG.rain]);
    expect((await join(stranger)).statusCode).toBeLessThan(300);
    const joined = await sql<{ user_id: string }>`select user_id from rain_entries order by joined_at`.execute(app.db);
    expect(joined.rows.map((r) => Number(r.user_id))).toEqual([annThird.id, stranger.id]);
  });

  it('the rules are the operator\'s: switched off by an admin (audited), the tip goes; an operator may read them but not change them', async () => {
    const off = { one_code_per_cluster: false, one_rain_share_per_cluster: false, no_tips_in_cluster: false };
    const operator = await createStaff(app, 'operator');
    expect((await app.inject({ method: 'GET', url: '/api/admin/risk/rules', headers: operator.headers })).json().data).toEqual({ one_code_per_cluster: true, one_rain_share_per_cluster: true, no_tips_in_cluster: true });
    expect((await app.inject({ method: 'PUT', url: '/api/admin/risk/rules', headers: operator.headers, payload: off })).statusCode).toBe(403);
    const set = await app.inject({ method: 'PUT', url: '/api/admin/risk/rules', headers: admin.headers, payload: off });
    expect(set.json().data).toEqual(off);
    const audited = await app.db.selectFrom('audit_log').select(['after']).where('action', '=', 'risk.rules').execute();
    expect(audited.map((r) => r.after)).toEqual([off]);
    expect((await tip(ann, 'AnnThird')).statusCode).toBe(200);
    await expectLedgerBalanced(app);
  });
});
