import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, hasRedis } from '../../helpers/testApp.ts';
import { CAPTCHA_FAILED } from '../../../server/captcha/captcha.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from '../../../server/security/rateLimit.ts';
import { startSiteverifyServer, type SiteverifyServer } from '../../helpers/siteverifyServer.ts';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

// reCAPTCHA v3 against a local siteverify endpoint (the real request and answer format): the
// token's score must reach the threshold and its action must match the form's.

let app: FastifyInstance;
let verifier: SiteverifyServer;
// token → the verdict Google would give
const verdicts: Record<string, object> = {
  good: { success: true, score: 0.9, action: 'register' },
  'good-forgot': { success: true, score: 0.9, action: 'forgot_password' },
  bot: { success: true, score: 0.1, action: 'register' },
  'wrong-action': { success: true, score: 0.9, action: 'login' },
  expired: { success: false, 'error-codes': ['timeout-or-duplicate'] },
};

beforeAll(async () => {
  verifier = await startSiteverifyServer((form) =>
    form.get('secret') === 'test-secret' ? (verdicts[form.get('response') ?? ''] ?? { success: false }) : { success: false, 'error-codes': ['invalid-input-secret'] },
  );
  const url = verifier.url('/recaptcha/api/siteverify');
  app = await createTestApp({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_MIN_SCORE: '0.5', RECAPTCHA_VERIFY_URL: url });
});
afterAll(async () => {
  await app.close();
  await verifier.close();
});

const register = (captcha: string | undefined, email = `c-${Math.random()}@example.com`) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Cap', email, password: 'secret1', terms: true, ...(captcha === undefined ? {} : { 'g-recaptcha-response': captcha }) } });

describe('captcha (reCAPTCHA v3)', () => {
  it('accepts a good token and sends secret, response and remote address', async () => {
    const res = await register('good');
    expect(res.statusCode).toBe(200);
    const last = verifier.seen.at(-1)!;
    expect(last.get('secret')).toBe('test-secret');
    expect(last.get('response')).toBe('good');
    expect(last.get('remoteip')).toBe('127.0.0.1');
  });

  it.each(['bot', 'wrong-action', 'expired', '', undefined])('refuses %s with errors["g-recaptcha-response"][0] and creates nothing', async (captcha) => {
    const email = `refused-${Math.random()}@example.com`;
    const res = await register(captcha, email);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: CAPTCHA_FAILED, errors: { 'g-recaptcha-response': [CAPTCHA_FAILED] } });
    expect(await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('forgot-password checks its own action', async () => {
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@example.com', 'g-recaptcha-response': 'good' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors['g-recaptcha-response'][0]).toBe(CAPTCHA_FAILED);
    const right = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@example.com', 'g-recaptcha-response': 'good-forgot' } });
    expect(right.statusCode).toBe(200);
  });
});

describe('rate limiter', () => {
  it('memory: counts within a window, reports the time left, forgets after it', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    expect(await limiter.hit('k', 60)).toEqual({ count: 1, retryAfter: 60 });
    now += 20_500;
    expect(await limiter.hit('k', 60)).toEqual({ count: 2, retryAfter: 40 });
    now += 40_000;
    expect(await limiter.check('k')).toEqual({ count: 0, retryAfter: 0 });
    await limiter.hit('k', 60);
    await limiter.clear('k');
    expect((await limiter.check('k')).count).toBe(0);
  });

  it.runIf(hasRedis)('redis: shared counts with an expiry set once', async () => {
    const a = createRedisRateLimiter(process.env.TEST_REDIS_URL!, `test-${Math.random()}:`);
    const b = createRedisRateLimiter(process.env.TEST_REDIS_URL!, `test-${Math.random()}:`);
    try {
      const key = `k${Math.random()}`;
      expect((await a.hit(key, 30)).count).toBe(1);
      const second = await a.hit(key, 30);
      expect(second.count).toBe(2);
      expect(second.retryAfter).toBeGreaterThan(25);
      expect(second.retryAfter).toBeLessThanOrEqual(30);
      expect((await a.check(key)).count).toBe(2);
      expect((await b.check(key)).count).toBe(0); // another prefix is another namespace
      await a.clear(key);
      expect((await a.check(key)).count).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it.runIf(hasRedis)('redis: two deployments with their own REDIS_PREFIX on one Redis keep their own login counters', async () => {
    const prefixA = `test-${randomUUID()}:`;
    const deployment = (prefix: string) => createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: prefix, LOGIN_MAX_ATTEMPTS: '2' });
    const [a, alsoA, b] = await Promise.all([deployment(prefixA), deployment(prefixA), deployment(`test-${randomUUID()}:`)]);
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const login = (on: FastifyInstance) =>
        on.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: 'shared@example.com', password: 'wrong-password', client_id: '2', client_secret: 'first-party-client-secret' } });
      expect((await login(a)).statusCode).toBe(400);
      expect((await login(a)).statusCode).toBe(400);
      expect((await login(alsoA)).statusCode).toBe(429); // one deployment's nodes share the count
      expect((await login(b)).statusCode).toBe(400); // another deployment does not
      const keys = await redis.keys(`${prefixA}*`);
      expect(keys).toContain(`${prefixA}ratelimit:login:account:shared@example.com`);
    } finally {
      redis.disconnect();
      await Promise.all([a.close(), alsoA.close(), b.close()]);
    }
    // Three apps start at once (each migrates its database): 30 s was not enough on a loaded machine.
  }, 60_000);
});
