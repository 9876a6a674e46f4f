import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPostgresTestApp, createTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { lastMailTo, readOutbox, tempOutbox } from '../../helpers/outbox.ts';
import { MSG } from '../../../server/routes/api/auth.ts';
import { MESSAGES } from '../../../core/protocol/auth.ts';
import { passwordVerifyCount } from '../../../server/accounts/passwords.ts';
import { readCatalog } from '../../../scripts/i18nCatalogs.ts';

// Registration, password login, tokens, forgot/reset, verification and profile: every error body
// and code of the accounts area (Laravel Passport wire format for /oauth/token).

let app: FastifyInstance;
const outbox = tempOutbox();
const client = { client_id: '2', client_secret: 'first-party-client-secret', scope: '*' };
let n = 0;
const email = () => `user${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  app = await createTestApp({ MAIL_OUTBOX_DIR: outbox, LOGIN_MAX_ATTEMPTS: '3', LOGIN_ADDRESS_MAX_ATTEMPTS: '50', REGISTER_ADDRESS_MAX_ATTEMPTS: '1000' });
});
afterAll(() => app.close());

const register = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/auth/register', payload: { terms: true, ...body } });
const token = (body: Record<string, unknown>, ip = '10.0.0.1') => app.inject({ method: 'POST', url: '/oauth/token', payload: body, remoteAddress: ip });
const login = (username: string, password: string, ip?: string) => token({ grant_type: 'password', username, password, ...client }, ip);

async function registered(password = 'secret1') {
  const address = email();
  const res = await register({ name: 'Alice', email: address, password, 'g-recaptcha-response': '' });
  expect(res.statusCode).toBe(200);
  return address;
}

describe('POST /api/auth/register', () => {
  it('answers msg, stores an argon2id hash with the agreed parameters, sends a verification mail and does not sign in', async () => {
    const address = email();
    const res = await register({ name: 'Alice', email: address, password: 'secret1', 'g-recaptcha-response': '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.registered });
    expect(res.headers['set-cookie']).toBeUndefined();
    const user = await app.db.selectFrom('users').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.email_verified_at).toBeNull();
    expect(await app.db.selectFrom('accounts').select('balance').where('user_id', '=', user.id).executeTakeFirst()).toBeTruthy();
    const mail = lastMailTo(outbox, address)!;
    expect(mail.subject).toBe('Verify Email Address');
    expect(mail.link).toMatch(/\/api\/email\/verify\/\d+\/[0-9a-f]{40}\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect(mail.eml).toContain('Content-Type: text/html');
    expect(mail.eml).toContain('Content-Type: text/plain');
  });

  it('refuses a sign-up without the terms and 18+ confirmation and creates nothing', async () => {
    for (const terms of [undefined, false, 'yes']) {
      const address = email();
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Minor', email: address, password: 'secret1', ...(terms === undefined ? {} : { terms }) } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: MESSAGES.termsRequired, errors: { terms: [MESSAGES.termsRequired] } });
      expect(await app.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst()).toBeUndefined();
    }
  });

  it('stores when the terms were accepted and the promotions choice', async () => {
    const before = Date.now();
    const yes = email();
    const no = email();
    expect((await register({ name: 'Promo', email: yes, password: 'secret1', promotions: true })).statusCode).toBe(200);
    expect((await register({ name: 'Quiet', email: no, password: 'secret1' })).statusCode).toBe(200);
    const rows = await app.db.selectFrom('users').select(['email', 'terms_accepted_at', 'promotions']).where('email', 'in', [yes, no]).execute();
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(byEmail[yes]!.promotions).toBe(true);
    expect(byEmail[no]!.promotions).toBe(false);
    for (const row of rows) expect(row.terms_accepted_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('rejects missing fields with the spec messages', async () => {
    const res = await register({ name: '', email: '', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Nickname is required (and 2 more errors)',
      errors: { name: ['Nickname is required'], email: ['Email is required'], password: ['Password is required'] },
    });
  });

  it('rejects an invalid email and a short password', async () => {
    const res = await register({ name: 'Bob', email: 'not-an-email', password: '12345' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['Please enter a valid email address.'], password: ['Your password needs at least 6 characters.'] });
  });

  it('answers 422 on email when it is taken (any case), creating nothing', async () => {
    const address = await registered();
    const before = await app.db.selectFrom('users').select((eb) => eb.fn.countAll().as('c')).executeTakeFirstOrThrow();
    const res = await register({ name: 'Other', email: address.toUpperCase(), password: 'secret1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } });
    const after = await app.db.selectFrom('users').select((eb) => eb.fn.countAll().as('c')).executeTakeFirstOrThrow();
    expect(after.c).toEqual(before.c);
  });
});

describe('email verification', () => {
  it('the mailed link sets the verified flag and redirects to the client', async () => {
    const address = await registered();
    const link = new URL(lastMailTo(outbox, address)!.link);
    const res = await app.inject(link.pathname + link.search);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:3000/email-verified');
    const user = await app.db.selectFrom('users').select('email_verified_at').where('email', '=', address).executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeInstanceOf(Date);
  });

  it('a tampered link verifies nothing', async () => {
    const address = await registered();
    const link = new URL(lastMailTo(outbox, address)!.link);
    link.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    const res = await app.inject(link.pathname + link.search);
    expect(res.headers.location).toBe('http://localhost:3000/email-verified?status=invalid');
    const user = await app.db.selectFrom('users').select('email_verified_at').where('email', '=', address).executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
  });

  it('POST /api/email/resend sends a new link, validates and throttles', async () => {
    const address = await registered();
    const before = readOutbox(outbox).length;
    const res = await app.inject({ method: 'POST', url: '/api/email/resend', payload: { email: address } });
    expect(res.json()).toEqual({ msg: MSG.verificationSent });
    expect(readOutbox(outbox).length).toBe(before + 1);
    const again = await app.inject({ method: 'POST', url: '/api/email/resend', payload: { email: address } });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    const bad = await app.inject({ method: 'POST', url: '/api/email/resend', payload: { email: '' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: ['Email is required'] });
  });
});

describe('POST /oauth/token', () => {
  it('password grant answers the Passport token body with no-store', async () => {
    const address = await registered();
    const res = await login(address, 'secret1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({ token_type: 'Bearer', expires_in: 3600, access_token: expect.any(String), refresh_token: expect.any(String) });
    const profile = await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(profile.statusCode).toBe(200);
  });

  it('accepts a form-encoded body', async () => {
    const address = await registered();
    const res = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: address, password: 'secret1', ...client }).toString(),
    });
    expect(res.statusCode).toBe(200);
  });

  it('wrong password and unknown email give the same invalid_grant', async () => {
    const address = await registered();
    const expected = { error: 'invalid_grant', error_description: 'The user credentials were incorrect.', message: 'The user credentials were incorrect.' };
    const wrong = await login(address, 'wrong-pass', '10.1.0.1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(expected);
    const unknown = await login(`nobody-${Date.now()}@example.com`, 'wrong-pass', '10.1.0.2');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(expected);
  });

  it('an unknown email costs a password hash verify, as a wrong password does', async () => {
    // Counted, not timed: one argon2id verify per sign-in on either path (a skipped verify would
    // answer an unknown email in ~1 ms against tens for a known one).
    const verifiesOf = async (work: () => Promise<unknown>) => {
      const before = passwordVerifyCount();
      await work();
      return passwordVerifyCount() - before;
    };
    const known = await registered();
    expect(await verifiesOf(() => login(known, 'wrong-pass', '10.2.0.8'))).toBe(1);
    expect(await verifiesOf(() => login(`ghost-${Date.now()}@example.com`, 'wrong-pass', '10.2.0.9'))).toBe(1);
  });

  it('unsupported_grant_type, invalid_request, invalid_client and invalid_scope', async () => {
    const unsupported = await token({ grant_type: 'client_credentials', ...client });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'The authorization grant type is not supported by the authorization server.',
      hint: 'Check that all required parameters have been provided',
      message: 'The authorization grant type is not supported by the authorization server.',
    });
    expect((await token({})).json().error).toBe('unsupported_grant_type');

    const noUser = await token({ grant_type: 'password', password: 'x', ...client });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json()).toMatchObject({ error: 'invalid_request', hint: 'Check the `username` parameter' });
    expect(noUser.json().message).toBe(noUser.json().error_description);
    const noPassword = await token({ grant_type: 'password', username: 'a@b.co', ...client });
    expect(noPassword.json()).toMatchObject({ error: 'invalid_request', hint: 'Check the `password` parameter' });
    const noClient = await token({ grant_type: 'password', username: 'a@b.co', password: 'x' });
    expect(noClient.json()).toMatchObject({ error: 'invalid_request', hint: 'Check the `client_id` parameter' });

    const badClient = await token({ grant_type: 'password', username: 'a@b.co', password: 'x', client_id: '2', client_secret: 'nope' });
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json()).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed', message: 'Client authentication failed' });

    const badScope = await token({ grant_type: 'password', username: 'a@b.co', password: 'x', ...client, scope: 'admin' });
    expect(badScope.statusCode).toBe(400);
    expect(badScope.json()).toMatchObject({ error: 'invalid_scope', hint: 'Check the `admin` scope' });
  });

  it('throttles failed logins per account with 429 and Retry-After, even for the right password', async () => {
    const address = await registered();
    for (let i = 0; i < 3; i++) expect((await login(address, 'wrong-pass', `10.3.0.${i}`)).statusCode).toBe(400);
    const blocked = await login(address, 'secret1', '10.3.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(blocked.json()).toEqual({ message: 'Too many attempts. Please try again later.', msg: 'Too many attempts. Please try again later.' });
  });

  it('a successful login clears the account counter', async () => {
    const address = await registered();
    await login(address, 'wrong-pass', '10.4.0.1');
    await login(address, 'wrong-pass', '10.4.0.1');
    expect((await login(address, 'secret1', '10.4.0.1')).statusCode).toBe(200);
    await login(address, 'wrong-pass', '10.4.0.1');
    expect((await login(address, 'secret1', '10.4.0.1')).statusCode).toBe(200);
  });

  it('throttles failed logins per address across accounts', async () => {
    const local = await createTestApp({ LOGIN_ADDRESS_MAX_ATTEMPTS: '4', LOGIN_MAX_ATTEMPTS: '100' });
    try {
      const attempt = (i: number) =>
        local.inject({ method: 'POST', url: '/oauth/token', remoteAddress: '10.9.9.9', payload: { grant_type: 'password', username: `x${i}@example.com`, password: 'nope-nope', ...client } });
      for (let i = 0; i < 4; i++) expect((await attempt(i)).statusCode).toBe(400);
      const blocked = await attempt(99);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await local.close();
    }
  });
});

describe('refresh tokens', () => {
  it('rotate: the new pair works, the old access token ends', async () => {
    const address = await registered();
    const first = (await login(address, 'secret1')).json();
    const res = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const second = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${second.access_token}` } })).statusCode).toBe(200);
    const old = await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${first.access_token}` } });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('reuse of a used refresh token revokes the whole family, access tokens included', async () => {
    const address = await registered();
    const first = (await login(address, 'secret1')).json();
    const second = (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client })).json();
    const reuse = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is invalid.',
      hint: 'Token has been revoked',
      message: 'The refresh token is invalid.',
    });
    expect((await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${second.access_token}` } })).statusCode).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token, ...client })).statusCode).toBe(400);
    // Another sign-in of the same user is a different family and keeps working.
    const other = (await login(address, 'secret1')).json();
    expect((await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${other.access_token}` } })).statusCode).toBe(200);
  });

  it('an unknown refresh token and a missing one', async () => {
    const unknown = await token({ grant_type: 'refresh_token', refresh_token: 'nope', ...client });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_grant', hint: 'Cannot decrypt the refresh token' });
    const missing = await token({ grant_type: 'refresh_token', ...client });
    expect(missing.json()).toMatchObject({ error: 'invalid_request', hint: 'Check the `refresh_token` parameter' });
  });
});

describe('profile and logout', () => {
  it('GET /api/profile answers the user with balance in coins and the level', async () => {
    const address = await registered();
    const user = await app.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirstOrThrow();
    await app.wallet.transaction((tx) => tx.credit({ userId: user.id, amount: 3375, reason: 'test_grant' }));
    await app.db.updateTable('users').set({ wagered: 25_000 }).where('id', '=', user.id).execute();
    const { access_token } = (await login(address, 'secret1')).json();
    const res = await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${access_token}` } });
    expect(res.json()).toEqual({
      data: {
        id: Number(user.id),
        name: 'Alice',
        avatar_url: null,
        email: address,
        verified: false,
        balance: 33.75,
        user_level: { level: 2, value: 25_000, from: 10_000, to: 40_000 },
        streamer_mode: false,
      },
    });
  });

  it('401 without a token', async () => {
    const res = await app.inject('/api/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await app.inject({ method: 'POST', url: '/api/profile/logout' })).statusCode).toBe(401);
  });

  it('logout revokes the access and refresh token of this sign-in', async () => {
    const address = await registered();
    const pair = (await login(address, 'secret1')).json();
    const headers = { authorization: `Bearer ${pair.access_token}` };
    const res = await app.inject({ method: 'POST', url: '/api/profile/logout', headers });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/profile', headers })).statusCode).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token, ...client })).statusCode).toBe(400);
  });
});

describe('forgot and reset password', () => {
  const forgot = (body: Record<string, unknown>, ip = '10.5.0.1') => app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: body, remoteAddress: ip });
  const reset = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body });

  it('answers the same whether the email exists, and mails a link to the client page only when it does', async () => {
    const address = await registered();
    const before = readOutbox(outbox).length;
    const known = await forgot({ email: address, 'g-recaptcha-response': '' }, '10.5.1.1');
    const unknown = await forgot({ email: `ghost-${Date.now()}@example.com`, 'g-recaptcha-response': '' }, '10.5.1.2');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ msg: MSG.resetLinkSent });
    expect(unknown.json()).toEqual(known.json());
    expect(readOutbox(outbox).length).toBe(before + 1);
    const link = new URL(lastMailTo(outbox, address)!.link);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('email')).toBe(address);
    const stored = await app.db.selectFrom('password_resets').select('token_hash').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(link.searchParams.get('token'));
  });

  it('validates the email and throttles repeated requests per email', async () => {
    const bad = await forgot({ email: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: ['Please enter a valid email address.'] });
    const address = `ghost2-${Date.now()}@example.com`;
    expect((await forgot({ email: address }, '10.5.2.1')).statusCode).toBe(200);
    const again = await forgot({ email: address }, '10.5.2.2');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('reset sets the password, is single use and revokes every session', async () => {
    const address = await registered();
    const session = (await login(address, 'secret1')).json();
    await forgot({ email: address }, '10.5.3.1');
    const link = new URL(lastMailTo(outbox, address)!.link);
    const body = { token: link.searchParams.get('token'), email: address, password: 'newpass1', password_confirmation: 'newpass1' };
    const res = await reset(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.passwordReset });
    expect((await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${session.access_token}` } })).statusCode).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: session.refresh_token, ...client })).statusCode).toBe(400);
    expect((await login(address, 'secret1', '10.5.3.9')).statusCode).toBe(400);
    expect((await login(address, 'newpass1', '10.5.3.8')).statusCode).toBe(200);
    const second = await reset({ ...body, password: 'other12', password_confirmation: 'other12' });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ message: MSG.resetInvalid, msg: MSG.resetInvalid });
  });

  it('rejects a wrong token, an expired token and a mismatched confirmation', async () => {
    const address = await registered();
    await forgot({ email: address }, '10.5.4.1');
    const tokenValue = new URL(lastMailTo(outbox, address)!.link).searchParams.get('token')!;
    const wrong = await reset({ token: 'x' + tokenValue, email: address, password: 'newpass1', password_confirmation: 'newpass1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().msg).toBe(MSG.resetInvalid);
    const mismatch = await reset({ token: tokenValue, email: address, password: 'newpass1', password_confirmation: 'newpass2' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The password field confirmation does not match.'] });
    const user = await app.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirstOrThrow();
    await app.db.updateTable('password_resets').set({ created_at: new Date(Date.now() - 61 * 60_000) }).where('user_id', '=', user.id).execute();
    const expired = await reset({ token: tokenValue, email: address, password: 'newpass1', password_confirmation: 'newpass1' });
    expect(expired.statusCode).toBe(422);
    expect((await login(address, 'secret1', '10.5.4.9')).statusCode).toBe(200);
  });
});

describe("the player's language (docs/i18n.md, \"Texts the server sends\")", () => {
  const api = (locale: string) => readCatalog(new URL(`../../../server/i18n/api/${locale}.json`, import.meta.url).pathname);
  const mails = (locale: string) => readCatalog(new URL(`../../../server/mail/i18n/${locale}.json`, import.meta.url).pathname);
  const cookie = (locale: string) => ({ cookie: `theme=dark; locale=${locale}` });

  it('answers in the locale cookie\'s language, 422s summed up in it; mails in the language the pages last used', async () => {
    const address = email();
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: cookie('de-DE'), payload: { terms: true, name: 'Anna', email: address, password: 'secret1' } });
    expect(res.json()).toEqual({ msg: api('de-DE')[MSG.registered] });
    expect(res.json().msg).not.toBe(MSG.registered);
    const verify = lastMailTo(outbox, address)!;
    expect(verify.subject).toBe(mails('de-DE').verifySubject);
    expect(verify.text).toContain(mails('de-DE').verifyTitle!.replace('{name}', 'Anna'));
    expect(verify.text).toContain(mails('de-DE').verifyBody);

    const invalid = await app.inject({ method: 'POST', url: '/api/auth/register', headers: cookie('fr-FR'), payload: { terms: true, name: '', email: 'nope', password: '12345' } });
    const fr = api('fr-FR');
    expect(invalid.json().errors).toEqual({ name: [fr[MESSAGES.nicknameRequired]], email: [fr['Please enter a valid email address.']], password: [fr['Your password needs at least {0} characters.']!.replace('{0}', '6')] });
    expect(invalid.json().message).toBe(`${fr[MESSAGES.nicknameRequired]} (et 2 autres erreurs)`);

    // The pages now speak Turkish: the profile call every page makes keeps the mail language.
    const signIn = await login(address, 'secret1');
    const profile = await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${signIn.json().access_token}`, ...cookie('tr-TR') } });
    expect(profile.statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: address }, remoteAddress: '10.5.9.1' });
    expect(lastMailTo(outbox, address)!.subject).toBe(mails('tr-TR').resetSubject);

    // No cookie, an unknown one: the spec's English, byte for byte.
    for (const headers of [{}, cookie('xx-XX')]) {
      const english = await app.inject({ method: 'POST', url: '/api/auth/register', headers, payload: { terms: true, name: '', email: '', password: '' } });
      expect(english.json()).toEqual({ message: 'Nickname is required (and 2 more errors)', errors: { name: ['Nickname is required'], email: ['Email is required'], password: ['Password is required'] } });
    }
  });
});

describe.runIf(hasPostgres)('refresh races on PostgreSQL', () => {
  let pgApp: FastifyInstance;
  beforeAll(async () => {
    pgApp = await createPostgresTestApp();
  });
  afterAll(() => pgApp?.close());

  it('two concurrent uses of one refresh token: exactly one wins, and the reuse revokes the family', async () => {
    const address = `race-${Date.now()}@example.com`;
    await pgApp.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Racer', email: address, password: 'secret1', terms: true } });
    const first = (await pgApp.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: address, password: 'secret1', ...client } })).json();
    const refresh = () => pgApp.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client } });
    const results = await Promise.all([refresh(), refresh(), refresh()]);
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400).every((r) => r.json().error === 'invalid_grant')).toBe(true);
    const won = winners[0]!.json();
    expect((await pgApp.inject({ url: '/api/profile', headers: { authorization: `Bearer ${won.access_token}` } })).statusCode).toBe(401);
    const live = await pgApp.db.selectFrom('refresh_tokens').select('id').where('revoked_at', 'is', null).where('used_at', 'is', null).execute();
    expect(live).toHaveLength(0);
  });
});
