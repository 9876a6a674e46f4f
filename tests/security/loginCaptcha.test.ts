import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../helpers/testApp.ts';
import { lastMailTo, tempOutbox } from '../helpers/outbox.ts';
import { contentSecurityPolicy } from '../../server/plugins/securityHeaders.ts';
import { LOGIN_CAPTCHA_REQUIRED } from '../../server/accounts/oauthErrors.ts';
import { loadConfig } from '../../server/config.ts';
import { testConfig } from '../helpers/testConfig.ts';
import { startSiteverifyServer, type SiteverifyServer } from '../helpers/siteverifyServer.ts';

// The login challenge of the lock-out policy (docs/security.md) against a local verifier speaking
// the siteverify protocol of Cloudflare Turnstile and hCaptcha (POST secret, response, remoteip as
// a form; JSON {success, error-codes}): after N failed passwords for an account, or M from an
// address, the password grant asks for a solved captcha before it checks the password, and says
// so with `captcha_required: true` in its OAuth error shape; off by default.

const client = { client_id: '2', client_secret: 'first-party-client-secret', scope: '*' };
let verifier: SiteverifyServer;
let verifyUrl: string;
/** Tokens the verifier accepts: each once, as the real providers do. */
const solved = new Set<string>();

beforeAll(async () => {
  verifier = await startSiteverifyServer((form) =>
    form.get('secret') !== 'login-secret'
      ? { success: false, 'error-codes': ['invalid-input-secret'] }
      : solved.delete(form.get('response') ?? '')
        ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost', 'error-codes': [] }
        : { success: false, 'error-codes': ['invalid-input-response'] },
  );
  verifyUrl = verifier.url('/turnstile/v0/siteverify');
});
afterAll(() => verifier.close());

let n = 0;
async function registered(app: FastifyInstance, password = 'secret1') {
  const email = `captcha${++n}-${Date.now()}@example.com`;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '10.250.0.1', payload: { name: 'Owner', email, password, 'g-recaptcha-response': '', terms: true } });
  expect(res.statusCode).toBe(200);
  return email;
}
const login = (app: FastifyInstance, username: string, password: string, remoteAddress: string, captcha?: string) =>
  app.inject({ method: 'POST', url: '/oauth/token', remoteAddress, payload: { grant_type: 'password', username, password, ...client, ...(captcha === undefined ? {} : { 'g-recaptcha-response': captcha }) } });

const challengeEnv = (provider: string) => ({
  LOGIN_CAPTCHA_PROVIDER: provider,
  LOGIN_CAPTCHA_SITE_KEY: 'login-site',
  LOGIN_CAPTCHA_SECRET: 'login-secret',
  LOGIN_CAPTCHA_VERIFY_URL: verifyUrl,
  LOGIN_CAPTCHA_AFTER_FAILURES: '3',
  LOGIN_CAPTCHA_ADDRESS_AFTER_FAILURES: '6',
  // The attempt limits stay out of the way: this suite is about the challenge.
  LOGIN_MAX_ATTEMPTS: '100',
  LOGIN_ADDRESS_MAX_ATTEMPTS: '100',
  REGISTER_ADDRESS_MAX_ATTEMPTS: '1000',
});

describe.each(['turnstile', 'hcaptcha'])('login challenge (%s)', (provider) => {
  let app: FastifyInstance;
  const outbox = tempOutbox();
  beforeAll(async () => {
    app = await createTestApp({ ...challengeEnv(provider), MAIL_OUTBOX_DIR: outbox });
  });
  afterAll(() => app.close());

  it('after 3 failed passwords the answer asks for the captcha; then even the right password needs one', async () => {
    const email = await registered(app);
    for (let i = 0; i < 2; i++) {
      const res = await login(app, email, 'wrong-pass', '10.9.0.1');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'The user credentials were incorrect.', message: 'The user credentials were incorrect.' });
    }
    const third = await login(app, email, 'wrong-pass', '10.9.0.1');
    expect(third.json()).toMatchObject({ error: 'invalid_grant', message: 'The user credentials were incorrect.', captcha_required: true });

    // From any address: the account's count decides. No token, or a token the provider refuses.
    for (const captcha of [undefined, '', 'never-solved']) {
      const res = await login(app, email, 'secret1', '10.9.0.2', captcha);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_request', error_description: LOGIN_CAPTCHA_REQUIRED, hint: 'Check the `g-recaptcha-response` parameter', message: LOGIN_CAPTCHA_REQUIRED, captcha_required: true });
    }
    const asked = verifier.seen.at(-1)!;
    expect([asked.get('secret'), asked.get('response'), asked.get('remoteip')]).toEqual(['login-secret', 'never-solved', '10.9.0.2']);

    // A solved captcha and a wrong password: still a failure, still asking.
    solved.add('solved-1');
    expect((await login(app, email, 'wrong-again', '10.9.0.2', 'solved-1')).json()).toMatchObject({ error: 'invalid_grant', captcha_required: true });
    // A token is good once: the provider refuses it the second time.
    expect((await login(app, email, 'secret1', '10.9.0.2', 'solved-1')).json().error).toBe('invalid_request');

    solved.add('solved-2');
    const ok = await login(app, email, 'secret1', '10.9.0.2', 'solved-2');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toEqual(expect.any(String));
    // The success cleared the account's count: the next failure does not ask yet.
    expect((await login(app, email, 'wrong-pass', '10.9.0.3')).json().captcha_required).toBeUndefined();
  });

  it("an address's failures over many accounts ask for the captcha from that address only", async () => {
    const emails = await Promise.all([0, 1, 2].map(() => registered(app)));
    for (let i = 0; i < 6; i++) await login(app, emails[i % 2]!, 'wrong-pass', '10.9.1.1');
    expect((await login(app, emails[2]!, 'secret1', '10.9.1.1')).json()).toMatchObject({ error: 'invalid_request', captcha_required: true });
    expect((await login(app, emails[2]!, 'secret1', '10.9.1.2')).statusCode).toBe(200);
  });

  it('a password reset lifts the challenge: the mailbox is the owner’s way back in', async () => {
    const email = await registered(app);
    for (let i = 0; i < 3; i++) await login(app, email, 'wrong-pass', `10.9.2.${i}`);
    expect((await login(app, email, 'secret1', '10.9.2.9')).json().captcha_required).toBe(true);
    expect((await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email, 'g-recaptcha-response': '' } })).statusCode).toBe(200);
    const link = new URL(lastMailTo(outbox, email)!.link);
    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: link.searchParams.get('token'), email, password: 'secret2', password_confirmation: 'secret2' } });
    expect(reset.statusCode).toBe(200);
    expect((await login(app, email, 'secret2', '10.9.2.9')).statusCode).toBe(200);
  });

  it('the client learns the provider and site key; the widget may load', async () => {
    const config = (await app.inject({ url: '/api/config' })).json();
    expect(config.login_captcha).toEqual({ provider, site_key: 'login-site' });
    const csp = contentSecurityPolicy(app.config);
    const origin = provider === 'turnstile' ? 'https://challenges.cloudflare.com' : 'https://*.hcaptcha.com';
    for (const directive of ['script-src', 'frame-src', 'connect-src']) expect(csp).toMatch(new RegExp(`${directive} [^;]*${origin.replace(/[.*]/g, '\\$&')}`));
  });
});

describe('login challenge settings', () => {
  it('off by default: failures never ask for a captcha, the client shows none', async () => {
    const app = await createTestApp({ LOGIN_MAX_ATTEMPTS: '100', LOGIN_ADDRESS_MAX_ATTEMPTS: '100' });
    try {
      const email = await registered(app);
      for (let i = 0; i < 10; i++) expect((await login(app, email, 'wrong-pass', '10.9.3.1')).json().captcha_required).toBeUndefined();
      expect((await login(app, email, 'secret1', '10.9.3.1')).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/config' })).json().login_captcha).toEqual({ provider: 'none', site_key: '' });
      expect(contentSecurityPolicy(app.config)).toContain("frame-src 'none'");
    } finally {
      await app.close();
    }
  });

  it('an unreachable verifier lets nobody through once the captcha is asked for', async () => {
    const app = await createTestApp({ ...challengeEnv('turnstile'), LOGIN_CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' });
    try {
      const email = await registered(app);
      for (let i = 0; i < 3; i++) await login(app, email, 'wrong-pass', '10.9.4.1');
      expect((await login(app, email, 'secret1', '10.9.4.1', 'any-token')).json().error).toBe('invalid_request');
    } finally {
      await app.close();
    }
  });

  it('a provider needs its site key and secret; the verify URL defaults to the provider’s own', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', LOGIN_CAPTCHA_PROVIDER: 'turnstile' })).toThrow(/LOGIN_CAPTCHA_SITE_KEY, LOGIN_CAPTCHA_SECRET: required when LOGIN_CAPTCHA_PROVIDER=turnstile/);
    const keys = { LOGIN_CAPTCHA_SITE_KEY: 'k', LOGIN_CAPTCHA_SECRET: 's' };
    expect(testConfig({ ...keys, LOGIN_CAPTCHA_PROVIDER: 'turnstile' }).accounts.loginCaptcha.verifyUrl).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(testConfig({ ...keys, LOGIN_CAPTCHA_PROVIDER: 'hcaptcha' }).accounts.loginCaptcha.verifyUrl).toBe('https://api.hcaptcha.com/siteverify');
  });
});
