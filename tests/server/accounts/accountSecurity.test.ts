import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { buildTestApp } from '../../helpers/testApp.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { lastMailTo, readOutbox, tempOutbox } from '../../helpers/outbox.ts';
import { createUser } from '../../../server/accounts/users.ts';
import { hashPassword } from '../../../server/accounts/passwords.ts';
import { mintCodes } from '../../../server/promo/giftCodes.ts';
import { createLastSeen, LAST_SEEN_EVERY_MS } from '../../../server/accounts/sessions.ts';
import { SETTINGS_MESSAGES, TWO_FACTOR_MESSAGES } from '../../../core/protocol/accountSecurity.ts';

// The account security calls over HTTP: sign-in with a second step, the Security page's changes,
// the sessions list, and the two-factor code on withdrawals and gift cards.

let app: FastifyInstance;
const outbox = tempOutbox();
const clock = manualClock(Date.UTC(2026, 5, 1, 12, 0, 0));
const client = { client_id: '2', client_secret: 'first-party-client-secret', scope: '*' };
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
let n = 0;

beforeAll(async () => {
  app = await buildTestApp(testConfig({ MAIL_OUTBOX_DIR: outbox, LOGIN_MAX_ATTEMPTS: '3', LOGIN_ADDRESS_MAX_ATTEMPTS: '1000' }), { seed: false, clock });
});
afterAll(() => app.close());

async function account(password = 'secret1') {
  const email = `sec${++n}-${Date.now()}@example.com`;
  const id = await createUser(app.db, app.wallet, { name: `Sec${n}`, email, passwordHash: await hashPassword(password), verified: true });
  return { id, email, password };
}

const token = (body: Record<string, unknown>, device = { ua: CHROME, ip: '10.1.0.1' }) =>
  app.inject({ method: 'POST', url: '/oauth/token', payload: { ...client, ...body }, headers: { 'user-agent': device.ua }, remoteAddress: device.ip });
const login = (user: { email: string; password: string }, device?: { ua: string; ip: string }) => token({ grant_type: 'password', username: user.email, password: user.password }, device);
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const call = (method: 'GET' | 'POST', url: string, accessToken: string, payload?: Record<string, unknown>) => app.inject({ method, url, headers: bearer(accessToken), ...(payload ? { payload } : {}) });
/** A code for the clock's present step, after moving the clock one step on (each step's code works once). */
async function nextCode(secret: string) {
  clock.advance(30_000);
  return generate({ secret, epoch: Math.floor(clock.now() / 1000) });
}

async function withTwoFactor() {
  const user = await account();
  const session = (await login(user)).json();
  const setup = (await call('POST', '/api/profile/two-factor/start', session.access_token)).json().data;
  const confirmed = await call('POST', '/api/profile/two-factor/confirm', session.access_token, { code: await nextCode(setup.secret) });
  expect(confirmed.statusCode).toBe(200);
  return { ...user, secret: setup.secret as string, session, recovery: confirmed.json().data.recovery_codes as string[] };
}

describe('sign-in with two-factor', () => {
  it('a player without it gets the same token answer as always', async () => {
    const res = await login(await account());
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
  });

  it('enrols over HTTP: the set-up answers the secret, its URI and an SVG QR code; the overview shows it on', async () => {
    const user = await account();
    const { access_token } = (await login(user)).json();
    const overview = (await call('GET', '/api/profile/security', access_token)).json();
    expect(overview).toEqual({ data: { email: user.email, pending_email: null, has_password: true, two_factor: { enabled: false, recovery_codes_left: 0 } } });
    const setup = (await call('POST', '/api/profile/two-factor/start', access_token)).json().data;
    expect(setup.otpauth_uri).toContain(`secret=${setup.secret}`);
    expect(setup.qr_svg).toMatch(/^<svg/);
    const missing = await call('POST', '/api/profile/two-factor/confirm', access_token, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeRequired] });
    expect((await call('POST', '/api/profile/two-factor/confirm', access_token, { code: await nextCode(setup.secret) })).json().data.recovery_codes).toHaveLength(10);
    expect((await call('GET', '/api/profile/security', access_token)).json().data.two_factor).toEqual({ enabled: true, recovery_codes_left: 10 });
    expect(lastMailTo(outbox, user.email)!.subject).toBe('Two-factor sign-in turned on');
    expect((await call('POST', '/api/profile/two-factor/start', access_token)).statusCode).toBe(422);
  });

  it('turning it on ends every other session at once (tokens, refresh and the list), unless the player keeps them', async () => {
    const user = await account();
    const phone = (await login(user, { ua: IPHONE, ip: '10.1.0.9' })).json();
    const mine = (await login(user)).json();
    const setup = (await call('POST', '/api/profile/two-factor/start', mine.access_token)).json().data;
    const on = await call('POST', '/api/profile/two-factor/confirm', mine.access_token, { code: await nextCode(setup.secret) });
    expect(on.json().msg).toBe(SETTINGS_MESSAGES.twoFactorEnabledOthersEnded);
    expect((await call('GET', '/api/profile', phone.access_token)).statusCode).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: phone.refresh_token })).json()).toMatchObject({ error: 'invalid_grant' });
    const left = (await call('GET', '/api/profile/sessions', mine.access_token)).json().data;
    expect(left.map((s: { current: boolean }) => s.current)).toEqual([true]);

    // Keeping them is a choice the player makes on the form.
    const keeper = await account();
    const keptPhone = (await login(keeper, { ua: IPHONE, ip: '10.1.0.9' })).json();
    const keeperSession = (await login(keeper)).json();
    const keeperSetup = (await call('POST', '/api/profile/two-factor/start', keeperSession.access_token)).json().data;
    const kept = await call('POST', '/api/profile/two-factor/confirm', keeperSession.access_token, { code: await nextCode(keeperSetup.secret), end_other_sessions: false });
    expect(kept.json().msg).toBe(SETTINGS_MESSAGES.twoFactorEnabled);
    expect((await call('GET', '/api/profile', keptPhone.access_token)).statusCode).toBe(200);
    expect((await call('GET', '/api/profile/sessions', keeperSession.access_token)).json().data).toHaveLength(2);
  });

  it('asks for the code after the right password; a wrong code is a 422 on code; the right one opens the session once', async () => {
    const user = await withTwoFactor();
    const wrongPassword = await login({ email: user.email, password: 'nope-nope' });
    expect(wrongPassword.json().error).toBe('invalid_grant');
    const first = await login(user);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const challenge = first.json();
    expect(challenge).toEqual({ two_factor_required: true, two_factor_token: expect.any(String), expires_in: 300 });
    expect(challenge.access_token).toBeUndefined();

    const noCode = await token({ grant_type: 'two_factor', two_factor_token: challenge.two_factor_token });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json()).toEqual({ message: TWO_FACTOR_MESSAGES.codeRequired, errors: { code: [TWO_FACTOR_MESSAGES.codeRequired] } });
    const wrong = await token({ grant_type: 'two_factor', two_factor_token: challenge.two_factor_token, code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeInvalid] });
    const code = await nextCode(user.secret);
    const right = await token({ grant_type: 'two_factor', two_factor_token: challenge.two_factor_token, code });
    expect(right.statusCode).toBe(200);
    const pair = right.json();
    expect((await call('GET', '/api/profile', pair.access_token)).statusCode).toBe(200);
    // The challenge is spent, and the code too (another challenge cannot reuse it).
    const again = await token({ grant_type: 'two_factor', two_factor_token: challenge.two_factor_token, code: await nextCode(user.secret) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant', message: TWO_FACTOR_MESSAGES.challengeInvalid });
    const second = (await login(user)).json();
    const replay = await token({ grant_type: 'two_factor', two_factor_token: second.two_factor_token, code });
    expect(replay.json().errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeInvalid] });
    // A recovery code opens it too.
    const viaRecovery = await token({ grant_type: 'two_factor', two_factor_token: second.two_factor_token, code: user.recovery[0] });
    expect(viaRecovery.json().token_type).toBe('Bearer');
    // A refresh needs no code: the session already passed it.
    expect((await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })).json().token_type).toBe('Bearer');
  });

  it('an expired challenge is refused', async () => {
    const user = await withTwoFactor();
    const challenge = (await login(user)).json();
    await app.db.updateTable('login_challenges').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const res = await token({ grant_type: 'two_factor', two_factor_token: challenge.two_factor_token, code: await nextCode(user.secret) });
    expect(res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('turning it off needs a code', async () => {
    const user = await withTwoFactor();
    const bad = await call('POST', '/api/profile/two-factor/disable', user.session.access_token, { code: '111111' });
    expect(bad.statusCode).toBe(422);
    expect((await call('POST', '/api/profile/two-factor/disable', user.session.access_token, { code: await nextCode(user.secret) })).json()).toEqual({ msg: SETTINGS_MESSAGES.twoFactorDisabled });
    expect(lastMailTo(outbox, user.email)!.subject).toBe('Two-factor sign-in turned off');
    expect(Object.keys((await login(user)).json())).toContain('access_token');
  });
});

describe('password change', () => {
  it('needs the current password (counted like sign-ins), keeps this session and ends every other one', async () => {
    const user = await account();
    const here = (await login(user)).json();
    const there = (await login(user, { ua: IPHONE, ip: '10.1.0.2' })).json();
    const body = { current_password: 'wrong-one', password: 'newsecret', password_confirmation: 'newsecret' };
    const wrong = await call('POST', '/api/profile/password', here.access_token, body);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: SETTINGS_MESSAGES.currentPasswordWrong, errors: { current_password: [SETTINGS_MESSAGES.currentPasswordWrong] } });
    const mismatch = await call('POST', '/api/profile/password', here.access_token, { ...body, current_password: user.password, password_confirmation: 'other1' });
    expect(mismatch.json().errors).toHaveProperty('password_confirmation');

    const ok = await call('POST', '/api/profile/password', here.access_token, { ...body, current_password: user.password });
    expect(ok.json()).toEqual({ msg: SETTINGS_MESSAGES.passwordChanged });
    expect((await call('GET', '/api/profile', here.access_token)).statusCode).toBe(200);
    expect((await call('GET', '/api/profile', there.access_token)).statusCode).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: there.refresh_token })).statusCode).toBe(400);
    expect((await login(user)).json().error).toBe('invalid_grant');
    expect((await login({ email: user.email, password: 'newsecret' })).json().token_type).toBe('Bearer');

    // The right password cleared the count; three wrong ones fill LOGIN_MAX_ATTEMPTS=3, and then even the right one is a 429.
    for (let i = 0; i < 3; i += 1) expect((await call('POST', '/api/profile/password', here.access_token, body)).statusCode).toBe(422);
    const locked = await call('POST', '/api/profile/password', here.access_token, { ...body, current_password: 'newsecret' });
    expect(locked.statusCode).toBe(429);
  });

  it('with two-factor on, also needs a code', async () => {
    const user = await withTwoFactor();
    const body = { current_password: user.password, password: 'another1', password_confirmation: 'another1' };
    const noCode = await call('POST', '/api/profile/password', user.session.access_token, body);
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().errors).toEqual({ two_factor_code: [TWO_FACTOR_MESSAGES.codeRequired] });
    expect((await call('POST', '/api/profile/password', user.session.access_token, { ...body, two_factor_code: await nextCode(user.secret) })).statusCode).toBe(200);
  });
});

describe('email change', () => {
  it('takes effect only at the new address link; the old address gets a notice; the link works once', async () => {
    const user = await account();
    const other = await account();
    const { access_token } = (await login(user)).json();
    const taken = await call('POST', '/api/profile/email', access_token, { email: other.email, current_password: user.password });
    expect(taken.json().errors).toEqual({ email: [SETTINGS_MESSAGES.emailTaken] });
    const same = await call('POST', '/api/profile/email', access_token, { email: user.email.toUpperCase(), current_password: user.password });
    expect(same.json().errors).toEqual({ email: [SETTINGS_MESSAGES.emailSame] });
    const wrong = await call('POST', '/api/profile/email', access_token, { email: 'new@example.com', current_password: 'bad-password' });
    expect(wrong.json().errors).toEqual({ current_password: [SETTINGS_MESSAGES.currentPasswordWrong] });

    const newEmail = `changed${n}-${Date.now()}@example.com`;
    const mailsBefore = readOutbox(outbox).length;
    const requested = await call('POST', '/api/profile/email', access_token, { email: newEmail, current_password: user.password });
    expect(requested.json()).toEqual({ msg: SETTINGS_MESSAGES.emailChangeSent });
    expect(readOutbox(outbox)).toHaveLength(mailsBefore + 2);
    const confirm = lastMailTo(outbox, newEmail)!;
    expect(confirm.subject).toBe('Confirm your new email address');
    const notice = lastMailTo(outbox, user.email)!;
    expect(notice.subject).toBe('Your email address is being changed');
    expect(notice.text).toContain(newEmail);
    // Nothing changed yet: the old address still signs in, the overview shows the pending one.
    expect((await call('GET', '/api/profile/security', access_token)).json().data).toMatchObject({ email: user.email, pending_email: newEmail });
    expect((await login(user)).json().token_type).toBe('Bearer');

    const path = new URL(confirm.link).pathname + new URL(confirm.link).search;
    const followed = await app.inject({ method: 'GET', url: path });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toMatch(/\/profile\/security\?email=changed$/);
    expect((await call('GET', '/api/profile', access_token)).json().data).toMatchObject({ email: newEmail, verified: true });
    expect((await login({ email: newEmail, password: user.password })).json().token_type).toBe('Bearer');
    expect((await login(user)).json().error).toBe('invalid_grant');
    expect((await app.inject({ method: 'GET', url: path })).headers.location).toMatch(/\?email=invalid$/);
  });
});

describe('sessions', () => {
  it('lists each sign-in with its device, address and "this session"; ends one, then all others; mails a new device', async () => {
    const user = await account();
    const mailsBefore = readOutbox(outbox).filter((m) => m.to === user.email).length;
    const desktop = (await login(user)).json();
    const again = (await login(user)).json(); // the same device: no mail
    expect(readOutbox(outbox).filter((m) => m.to === user.email)).toHaveLength(mailsBefore);
    const phone = (await login(user, { ua: IPHONE, ip: '10.1.0.9' })).json();
    const mail = lastMailTo(outbox, user.email)!;
    expect(mail.subject).toBe('New sign-in to your account');
    expect(mail.text).toContain('Safari on iPhone, address 10.1.0.9');

    const list = (await call('GET', '/api/profile/sessions', desktop.access_token)).json().data;
    expect(list).toHaveLength(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const current = list.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ device: 'Chrome on Windows', address: '10.1.0.1' });
    expect(list.map((s: { device: string }) => s.device).sort()).toEqual(['Chrome on Windows', 'Chrome on Windows', 'Safari on iPhone']);
    expect(new Date(current.last_seen_at).getTime()).toBeGreaterThan(0);

    const phoneSession = list.find((s: { device: string }) => s.device === 'Safari on iPhone');
    const ended = await call('POST', `/api/profile/sessions/${phoneSession.id}/end`, desktop.access_token);
    expect(ended.json()).toEqual({ msg: SETTINGS_MESSAGES.sessionEnded });
    expect((await call('GET', '/api/profile', phone.access_token)).statusCode).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: phone.refresh_token })).statusCode).toBe(400);
    expect((await call('POST', `/api/profile/sessions/${phoneSession.id}/end`, desktop.access_token)).statusCode).toBe(404);
    // Another player's session cannot be ended from here.
    const stranger = await account();
    const strangers = (await login(stranger)).json();
    const strangerSession = (await call('GET', '/api/profile/sessions', strangers.access_token)).json().data[0];
    expect((await call('POST', `/api/profile/sessions/${strangerSession.id}/end`, desktop.access_token)).statusCode).toBe(404);
    expect((await call('GET', '/api/profile', strangers.access_token)).statusCode).toBe(200);

    expect((await call('POST', '/api/profile/sessions/end-others', desktop.access_token)).json()).toEqual({ msg: SETTINGS_MESSAGES.otherSessionsEnded });
    expect((await call('GET', '/api/profile', again.access_token)).statusCode).toBe(401);
    const left = (await call('GET', '/api/profile/sessions', desktop.access_token)).json().data;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });
});

describe('last seen', () => {
  it('is written at most once a minute per session, not on every request', async () => {
    const user = await account();
    const { access_token } = (await login(user)).json();
    const [session] = (await call('GET', '/api/profile/sessions', access_token)).json().data;
    const seenAt = async () => (await app.db.selectFrom('sessions').select('last_seen_at').where('family_id', '=', session.id).executeTakeFirstOrThrow()).last_seen_at.getTime();
    let now = Date.UTC(2030, 0, 1);
    const seen = createLastSeen(app.db, () => now);
    await seen(session.id);
    expect(await seenAt()).toBe(now);
    const first = now;
    now += LAST_SEEN_EVERY_MS - 1;
    await seen(session.id);
    expect(await seenAt()).toBe(first);
    now += 1;
    await seen(session.id);
    expect(await seenAt()).toBe(now);
  });
});

describe('two-factor on withdrawals, digital item codes, gift cards, vouchers and the delivery address', () => {
  it('refuses each without a code (422 on two_factor_code, nothing changes) and goes on with one', async () => {
    const user = await withTwoFactor();
    const at = user.session.access_token;
    const noCode = await call('POST', '/api/profile/withdrawals', at, { type: 'delivery', items: [1] });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json()).toEqual({ message: TWO_FACTOR_MESSAGES.codeRequired, errors: { two_factor_code: [TWO_FACTOR_MESSAGES.codeRequired] } });
    // Past the guard, the withdrawal's own rules answer.
    const withCode = await call('POST', '/api/profile/withdrawals', at, { type: 'delivery', items: [1], two_factor_code: await nextCode(user.secret) });
    expect(withCode.json().msg).not.toBe(TWO_FACTOR_MESSAGES.codeRequired);
    expect(withCode.json().errors?.two_factor_code).toBeUndefined();
    // A digital item's code is its delivery: the same guard, before the item is even looked at.
    const codeless = await call('POST', '/api/profile/inventory/999999/redeem', at, {});
    expect(codeless.json().errors).toEqual({ two_factor_code: [TWO_FACTOR_MESSAGES.codeRequired] });
    const pastGuard = await call('POST', '/api/profile/inventory/999999/redeem', at, { two_factor_code: await nextCode(user.secret) });
    expect(pastGuard.json().errors?.two_factor_code).toBeUndefined();

    const [gift] = await mintCodes(app.db, 'gift', 12_00, 1);
    const refused = await call('POST', '/api/deposit/gift-code/redeem', at, { code: gift! });
    expect(refused.json().errors).toEqual({ two_factor_code: [TWO_FACTOR_MESSAGES.codeRequired] });
    const wrong = await call('POST', '/api/deposit/gift-code/redeem', at, { code: gift!, two_factor_code: '000000' });
    expect(wrong.json().errors).toEqual({ two_factor_code: [TWO_FACTOR_MESSAGES.codeInvalid] });
    expect(await app.wallet.balance(user.id)).toBe(0);
    const redeemed = await call('POST', '/api/deposit/gift-code/redeem', at, { code: gift!, two_factor_code: await nextCode(user.secret) });
    expect(redeemed.statusCode).toBe(200);
    expect(await app.wallet.balance(user.id)).toBe(12_00);

    // A voucher is money too: the same guard.
    const [voucher] = await mintCodes(app.db, 'voucher', 3_00, 1);
    expect((await call('POST', '/api/deposit/voucher/redeem', at, { code: voucher! })).json().errors).toEqual({ two_factor_code: [TWO_FACTOR_MESSAGES.codeRequired] });
    expect((await call('POST', '/api/deposit/voucher/redeem', at, { code: voucher!, two_factor_code: '000000' })).json().errors).toEqual({ two_factor_code: [TWO_FACTOR_MESSAGES.codeInvalid] });
    expect(await app.wallet.balance(user.id)).toBe(12_00);
    expect((await call('POST', '/api/deposit/voucher/redeem', at, { code: voucher!, two_factor_code: await nextCode(user.secret) })).statusCode).toBe(200);
    expect(await app.wallet.balance(user.id)).toBe(15_00);

    // The delivery address decides where later parcels go: the same guard, and the code is not stored.
    const address = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000', country: 'United Kingdom', country_state: 'London', city: 'London', postal_code: 'W1A 1AA', street_address: '12 Analytical Street', street_address_2: null };
    const unsaved = await call('POST', '/api/profile/shipping-address', at, address);
    expect(unsaved.json()).toEqual({ message: TWO_FACTOR_MESSAGES.codeRequired, errors: { two_factor_code: [TWO_FACTOR_MESSAGES.codeRequired] } });
    expect((await call('POST', '/api/profile/shipping-address', at, { ...address, two_factor_code: '000000' })).json().errors).toEqual({ two_factor_code: [TWO_FACTOR_MESSAGES.codeInvalid] });
    expect((await call('GET', '/api/profile/shipping-address', at)).json().data).toBeNull();
    expect((await call('POST', '/api/profile/shipping-address', at, { ...address, two_factor_code: await nextCode(user.secret) })).statusCode).toBe(200);
    expect((await call('GET', '/api/profile/shipping-address', at)).json().data).toEqual(address);
  });
});
