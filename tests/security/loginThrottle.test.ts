import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, hasRedis } from '../helpers/testApp.ts';
import { lastMailTo, tempOutbox } from '../helpers/outbox.ts';
import { loadConfig } from '../../server/config.ts';

// Login, forgot-password and sign-up throttling hold under parallel requests and forged
// X-Forwarded-For headers: an attempt is counted before the password is checked, the client's
// address is the socket's unless TRUST_PROXY names the proxy, a lock-out backs off but ends, and a
// password reset lifts it (docs/security.md).

const client = { client_id: '2', client_secret: 'first-party-client-secret', scope: '*' };
let n = 0;
const email = () => `throttle${++n}-${Date.now()}@example.com`;

async function registered(app: FastifyInstance, password = 'secret1', remoteAddress = '10.200.0.1') {
  const address = email();
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, payload: { name: 'Owner', email: address, password, 'g-recaptcha-response': '', terms: true } });
  expect(res.statusCode).toBe(200);
  return address;
}
const login = (app: FastifyInstance, username: string, password: string, remoteAddress = '10.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/oauth/token', remoteAddress, headers, payload: { grant_type: 'password', username, password, ...client } });

/** 39 wrong guesses and the right password, all at once: only the first five may be checked. */
async function expectParallelGuessesStopped(app: FastifyInstance) {
  const address = await registered(app);
  const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? 'secret1' : `wrong-${i}`));
  const answers = await Promise.all(guesses.map((password, i) => login(app, address, password, `10.1.${i}.1`)));
  const checked = answers.filter((a) => a.statusCode !== 429);
  expect(checked.length).toBe(5);
  expect(answers[39]!.statusCode).toBe(429);
  expect(answers.filter((a) => a.statusCode === 200)).toEqual([]);
}

describe('POST /oauth/token password attempts', () => {
  let app: FastifyInstance;
  const outbox = tempOutbox();
  beforeAll(async () => {
    app = await createTestApp({ MAIL_OUTBOX_DIR: outbox, LOGIN_MAX_ATTEMPTS: '5', LOGIN_ADDRESS_MAX_ATTEMPTS: '1000', LOGIN_DECAY_SECONDS: '60', REGISTER_ADDRESS_MAX_ATTEMPTS: '1000' });
  });
  afterAll(() => app.close());

  it('40 parallel guesses: the attempt is counted before the password check, the 40th is refused (memory)', async () => {
    await expectParallelGuessesStopped(app);
  });

  it('a forged X-Forwarded-For does not give a fresh address (TRUST_PROXY off)', async () => {
    const local = await createTestApp({ LOGIN_MAX_ATTEMPTS: '1000', LOGIN_ADDRESS_MAX_ATTEMPTS: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await login(local, `nobody${i}@example.com`, 'nope-nope', '10.7.7.7', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await local.close();
    }
  });

  it('a lock-out window doubles after each lock-out and a password reset lifts it', async () => {
    const address = await registered(app);
    for (let i = 0; i < 5; i++) expect((await login(app, address, 'wrong-pass')).statusCode).toBe(400);
    const first = await login(app, address, 'secret1');
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(60);

    // The owner resets the password by mail: the lock is gone at once.
    expect((await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: address, 'g-recaptcha-response': '' } })).statusCode).toBe(200);
    const link = new URL(lastMailTo(outbox, address)!.link);
    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: link.searchParams.get('token'), email: address, password: 'secret2', password_confirmation: 'secret2' } });
    expect(reset.statusCode).toBe(200);
    expect((await login(app, address, 'secret2')).statusCode).toBe(200);
  });

  it('the next window after a lock-out is longer (exponential back-off, capped)', async () => {
    let now = 1_000_000;
    const { createMemoryRateLimiter, takeAttempt } = await import('../../server/security/rateLimit.ts');
    const limiter = createMemoryRateLimiter(() => now);
    const policy = { limit: 2, windowSeconds: 60, maxWindowSeconds: 200 };
    const retryAfterOfLockout = async () => {
      for (;;) {
        try {
          await takeAttempt(limiter, 'k', policy);
        } catch (error) {
          return Number((error as { headers: Record<string, string> }).headers['retry-after']);
        }
      }
    };
    expect(await retryAfterOfLockout()).toBe(60);
    now += 61_000;
    expect(await retryAfterOfLockout()).toBe(120);
    now += 121_000;
    expect(await retryAfterOfLockout()).toBe(200); // 240 capped
    now += 201_000;
    expect(await retryAfterOfLockout()).toBe(200);
  });
});

describe.runIf(hasRedis)('POST /oauth/token with Redis counters', () => {
  it('40 parallel guesses: the 40th is refused (Redis INCR)', async () => {
    const app = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `throttle-${Date.now()}:`, LOGIN_ADDRESS_MAX_ATTEMPTS: '1000' });
    try {
      await expectParallelGuessesStopped(app);
    } finally {
      await app.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('a configured proxy may name the client; others may not', async () => {
    const app = await createTestApp({ TRUST_PROXY: '10.9.0.0/16', LOGIN_ADDRESS_MAX_ATTEMPTS: '1', LOGIN_MAX_ATTEMPTS: '1000' });
    try {
      // From the proxy, each forwarded client is its own address.
      for (let i = 0; i < 3; i++) expect((await login(app, `p${i}@example.com`, 'nope-nope', '10.9.0.5', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode).toBe(400);
      // Not from the proxy: the header is ignored, so the second attempt is the same address's.
      expect((await login(app, 'q0@example.com', 'nope-nope', '10.8.0.5', { 'x-forwarded-for': '198.51.100.50' })).statusCode).toBe(400);
      expect((await login(app, 'q1@example.com', 'nope-nope', '10.8.0.5', { 'x-forwarded-for': '198.51.100.51' })).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('defaults to off, takes a hop count or addresses, refuses "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/24' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/24']);
    expect(typeof loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe('function');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('forgot-password and sign-up', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ REGISTER_ADDRESS_MAX_ATTEMPTS: '3' });
  });
  afterAll(() => app.close());

  it('20 parallel forgot-password requests for one email send one mail; the others answer 429', async () => {
    const address = email();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: `10.5.${i}.1`, payload: { email: address, 'g-recaptcha-response': '' } })),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBe(1);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(19);
  });

  it('sign-ups are limited per address, in parallel too, with the spec message kept for the allowed ones', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '10.6.0.1', payload: { name: 'Farm', email: email(), password: 'secret1', 'g-recaptcha-response': '', terms: true } })),
    );
    expect(answers.filter((a) => a.statusCode === 200).map((a) => a.json().msg)).toEqual(Array(3).fill('Registration successful! Please check your email to verify your account.'));
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBe(7);
    expect(refused[0]!.json()).toEqual({ message: 'Too many attempts. Please try again later.', msg: 'Too many attempts. Please try again later.' });
    const other = await app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '10.6.0.2', payload: { name: 'Other', email: email(), password: 'secret1', 'g-recaptcha-response': '', terms: true } });
    expect(other.statusCode).toBe(200);
  });
});
