import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../helpers/testApp.ts';
import { startIdentityProvider, type IdentityProvider, type TestIdentity } from '../../helpers/identityProvider.ts';
import { IDP_CLIENT_SECRET } from '../../helpers/identityProviderEnv.ts';
import { readSocialValue } from '../../../server/accounts/social/socialTokens.ts';
import { hashPassword } from '../../../server/accounts/passwords.ts';
import { createUser } from '../../../server/accounts/users.ts';
import { MESSAGES } from '../../../core/protocol/auth.ts';
import { generate } from 'otplib';
import { confirmEnrolment, startEnrolment } from '../../../server/accounts/twoFactor.ts';
import { twoFactorDeps } from '../../../server/routes/api/accountSecurityDeps.ts';

// Social sign-in end to end against a local identity provider speaking OAuth 2.0 (Google,
// Facebook) and OpenID 2.0 (Steam): redirect with a browser-bound state, the provider's return,
// /social/handle, and grant_type social.

let app: FastifyInstance;
let idp: IdentityProvider;
const client = { client_id: '2', client_secret: 'first-party-client-secret', scope: '*' };

beforeAll(async () => {
  idp = await startIdentityProvider();
  app = await createTestApp(idp.env());
});
afterAll(async () => {
  await app.close();
  await idp.stop();
});

/** Drives the browser's part: our redirect, the provider, back to the client page. */
async function signInAt(provider: 'google' | 'facebook' | 'steam', identity: TestIdentity) {
  idp.setNextIdentity(identity);
  const start = await app.inject(`/social/${provider}/redirect`);
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  let back = new URL(atProvider.headers.get('location')!);
  if (provider === 'steam') {
    // Steam returns to our callback, which verifies and forwards to the client page.
    const callback = await app.inject({ url: back.pathname + back.search, headers: { cookie } });
    expect(callback.statusCode).toBe(302);
    back = new URL(String(callback.headers.location));
  }
  expect(back.pathname).toBe(`/auth/${provider}`);
  return { cookie, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

/** The client page's part: /social/handle, then grant_type social; answers the grant's answer. */
async function socialGrant(provider: string, ret: { cookie: string; code: string; state: string }, terms: boolean | undefined = true) {
  const q = new URLSearchParams({ provider, code: ret.code, ...(ret.state ? { state: ret.state } : {}) });
  const handle = await app.inject({ url: `/social/handle?${q}`, headers: { cookie: ret.cookie } });
  expect(handle.statusCode).toBe(200);
  const { provider_access_token } = handle.json();
  expect(handle.json().provider).toBe(provider);
  const grant = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'social', provider, access_token: provider_access_token, ...(terms === undefined ? {} : { terms }), ...client } });
  expect(grant.statusCode).toBe(200);
  return grant;
}

async function handleAndGrant(provider: string, ret: { cookie: string; code: string; state: string }, terms: boolean | undefined = true) {
  const grant = await socialGrant(provider, ret, terms);
  const profile = await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${grant.json().access_token}` } });
  return profile.json().data as { id: number; name: string; email: string; verified: boolean; avatar_url: string | null };
}

describe('social sign-in', () => {
  it('Google: redirect carries client id, redirect_uri and state, and sets a browser-bound state cookie', async () => {
    const start = await app.inject('/social/google/redirect');
    const location = new URL(String(start.headers.location));
    expect(location.origin + location.pathname).toBe(`${idp.oauthUrl}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('google-client');
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/google');
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(String(start.headers['set-cookie'])).toMatch(/^social_state=google\.[\w-]+\.[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it('Google: a new verified user is created with a wallet and signs in; the second time is the same user', async () => {
    const who = { sub: 'g-100', name: 'Gina Google', email: `gina-${Date.now()}@example.com`, emailVerified: true };
    const first = await handleAndGrant('google', await signInAt('google', who));
    expect(first).toMatchObject({ name: 'Gina Google', email: who.email, verified: true, avatar_url: 'https://example.com/g.png' });
    expect(await app.wallet.balance(first.id)).toBe(0);
    const again = await handleAndGrant('google', await signInAt('google', who));
    expect(again.id).toBe(first.id);
  });

  it('a new player needs the terms and 18+ confirmation; a known one signs in without it', async () => {
    const who = { sub: 'g-terms', name: 'Tess Terms', email: `tess-${Date.now()}@example.com`, emailVerified: true };
    const ret = await signInAt('google', who);
    const q = new URLSearchParams({ provider: 'google', code: ret.code, state: ret.state });
    const { provider_access_token } = (await app.inject({ url: `/social/handle?${q}`, headers: { cookie: ret.cookie } })).json();
    const refused = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'social', provider: 'google', access_token: provider_access_token, ...client } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: MESSAGES.termsRequired, errors: { terms: [MESSAGES.termsRequired] } });
    expect(await app.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirst()).toBeUndefined();

    const made = await handleAndGrant('google', await signInAt('google', who), true);
    const row = await app.db.selectFrom('users').select('terms_accepted_at').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.terms_accepted_at).toBeInstanceOf(Date);
    const again = await handleAndGrant('google', await signInAt('google', who), undefined);
    expect(again.id).toBe(made.id);
  });

  it('links to an existing account by verified email', async () => {
    const address = `linked-${Date.now()}@example.com`;
    const id = await createUser(app.db, app.wallet, { name: 'Pat', email: address, passwordHash: await hashPassword('secret1'), verified: true });
    const user = await handleAndGrant('facebook', await signInAt('facebook', { sub: 'fb-7', name: 'Pat FB', email: address, emailVerified: true }));
    expect(user.id).toBe(Number(id));
    expect(user.name).toBe('Pat');
  });

  it('does not link by an email the provider has not verified', async () => {
    const address = `unverified-${Date.now()}@example.com`;
    const id = await createUser(app.db, app.wallet, { name: 'Quinn', email: address, passwordHash: null, verified: true });
    const user = await handleAndGrant('google', await signInAt('google', { sub: 'g-unv', name: 'Mallory', email: address, emailVerified: false }));
    expect(user.id).not.toBe(Number(id));
    expect(user.email).toBe('google-g-unv@users.invalid');
    expect(user.verified).toBe(false);
  });

  it('Steam: OpenID 2.0 assertion verified by check_authentication signs in by SteamID', async () => {
    const ret = await signInAt('steam', { sub: '', name: '', steamId: '76561198012345678' });
    const user = await handleAndGrant('steam', ret);
    expect(user.email).toBe('steam-76561198012345678@users.invalid');
    const again = await handleAndGrant('steam', await signInAt('steam', { sub: '', name: '', steamId: '76561198012345678' }));
    expect(again.id).toBe(user.id);
  });

  it('Steam: a forged assertion is refused at the callback', async () => {
    idp.setNextIdentity({ sub: '', name: '', steamId: '76561198000000005' });
    const start = await app.inject('/social/steam/redirect');
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    const claimed = 'https://steamcommunity.com/openid/id/76561198999999999';
    back.searchParams.set('openid.claimed_id', claimed);
    back.searchParams.set('openid.identity', claimed);
    const callback = await app.inject({ url: back.pathname + back.search, headers: { cookie } });
    expect(callback.statusCode).toBe(302);
    expect(String(callback.headers.location)).toBe('http://localhost:3000/auth/steam?error=access_denied');
  });

  it('refuses a return without the browser-bound state cookie', async () => {
    const ret = await signInAt('google', { sub: 'g-csrf', name: 'X', email: 'x@example.com', emailVerified: true });
    const q = new URLSearchParams({ provider: 'google', code: ret.code, state: ret.state });
    const res = await app.inject(`/social/handle?${q}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Social sign-in failed. Please try again.', msg: 'Social sign-in failed. Please try again.' });
  });

  it('a code works once', async () => {
    const ret = await signInAt('google', { sub: 'g-once', name: 'Once', email: `once-${Date.now()}@example.com`, emailVerified: true });
    await handleAndGrant('google', ret);
    const q = new URLSearchParams({ provider: 'google', code: ret.code, state: ret.state });
    expect((await app.inject({ url: `/social/handle?${q}`, headers: { cookie: ret.cookie } })).statusCode).toBe(400);
  });

  it('grant_type social: a token the provider does not know is invalid_grant; a disabled provider is invalid_request', async () => {
    const bad = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'social', provider: 'google', access_token: 'forged', ...client } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'invalid_grant', error_description: 'The user credentials were incorrect.', message: 'The user credentials were incorrect.' });
    const steamForged = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'social', provider: 'steam', access_token: '76561198012345678.9999999999.00', ...client } });
    expect(steamForged.statusCode).toBe(400);
    const other = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'social', provider: 'twitter', access_token: 'x', ...client } });
    expect(other.json()).toMatchObject({ error: 'invalid_request', hint: 'Check the `provider` parameter' });
  });

  it('grant_type social refuses a genuine provider token issued to another app: no account is taken over by its verified email', async () => {
    const address = `victim-${Date.now()}@example.com`;
    const victim = await createUser(app.db, app.wallet, { name: 'Vic', email: address, passwordHash: await hashPassword('secret1'), verified: true });
    // Another app's own code flow at the provider, for a provider account claiming the victim's address.
    idp.setNextIdentity({ sub: 'g-attacker', name: 'Mallory', email: address, emailVerified: true });
    const authorize = new URL(`${idp.oauthUrl}/authorize`);
    for (const [k, v] of Object.entries({ client_id: 'other-app', redirect_uri: 'https://other-app.example/cb', response_type: 'code', scope: 'openid email', state: 's' })) authorize.searchParams.set(k, v);
    const code = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
    const exchanged = await fetch(`${idp.oauthUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: 'https://other-app.example/cb', client_id: 'other-app', client_secret: IDP_CLIENT_SECRET }),
    });
    const { access_token: otherAppToken } = (await exchanged.json()) as { access_token: string };
    // The token is genuine: the provider vouches for the victim's address behind it.
    const userinfo = await fetch(`${idp.oauthUrl}/userinfo`, { headers: { authorization: `Bearer ${otherAppToken}` } });
    expect(await userinfo.json()).toMatchObject({ email: address, email_verified: true });

    const grant = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'social', provider: 'google', access_token: otherAppToken, terms: true, ...client } });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ error: 'invalid_grant' });
    const linked = await app.db.selectFrom('social_identities').select('user_id').where('provider_user_id', '=', 'g-attacker').execute();
    expect(linked).toEqual([]);
    expect((await app.db.selectFrom('users').select('id').where('id', '=', Number(victim)).execute()).length).toBe(1);
  });

  it('the value /social/handle answers is ours, for its provider only, and expires', async () => {
    const ret = await signInAt('google', { sub: 'g-value', name: 'Val', email: `val-${Date.now()}@example.com`, emailVerified: true });
    const q = new URLSearchParams({ provider: 'google', code: ret.code, state: ret.state });
    const { provider_access_token } = (await app.inject({ url: `/social/handle?${q}`, headers: { cookie: ret.cookie } })).json();
    expect(readSocialValue(app.config.appSecret, 'token', 'google', provider_access_token)).toMatchObject({ id: 'g-value', emailVerified: true });
    expect(readSocialValue(app.config.appSecret, 'token', 'facebook', provider_access_token)).toBeNull();
    expect(readSocialValue(app.config.appSecret, 'code', 'google', provider_access_token)).toBeNull();
    expect(readSocialValue(app.config.appSecret, 'token', 'google', provider_access_token, Date.now() + 301_000)).toBeNull();
    const asFacebook = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'social', provider: 'facebook', access_token: provider_access_token, ...client } });
    expect(asFacebook.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('with two-factor sign-in on, the social grant asks for the code too, and the code completes it', async () => {
    const who = { sub: 'g-2fa', name: 'Tara Twofactor', email: `tara-${Date.now()}@example.com`, emailVerified: true };
    const user = await handleAndGrant('google', await signInAt('google', who));
    const deps = twoFactorDeps(app);
    const setup = (await startEnrolment(deps, { id: user.id, email: user.email }))!;
    await confirmEnrolment(deps, user.id, await generate({ secret: setup.secret }));
    const asked = (await socialGrant('google', await signInAt('google', who))).json();
    expect(asked).toEqual({ two_factor_required: true, two_factor_token: expect.any(String), expires_in: 300 });
    const code = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const done = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'two_factor', two_factor_token: asked.two_factor_token, code, ...client } });
    expect(done.statusCode).toBe(200);
    const profile = await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${done.json().access_token}` } });
    expect(profile.json().data.id).toBe(user.id);
  });

  it('a provider that is not enabled has no redirect', async () => {
    const local = await createTestApp({ SOCIAL_PROVIDERS: 'steam' });
    try {
      expect((await local.inject('/social/google/redirect')).statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });
});
