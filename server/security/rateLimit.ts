import { Redis } from 'ioredis';
import { tooManyRequests } from '../http/errors.ts';
import { redisKeys } from '../redisKeys.ts';

// Counting failures per key in a fixed window. In memory for one node; Redis (REDIS_URL) when
// several nodes must share the counts. `hit` adds one; `check` only looks.

export interface Attempts {
  /** Attempts counted in the current window. */
  count: number;
  /** Seconds until the window ends (0 when nothing is counted). */
  retryAfter: number;
}

export interface RateLimiter {
  check(key: string): Promise<Attempts>;
  hit(key: string, windowSeconds: number): Promise<Attempts>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const view = (w: { count: number; resetAt: number } | undefined): Attempts =>
    w ? { count: w.count, retryAfter: Math.max(1, Math.ceil((w.resetAt - now()) / 1000)) } : { count: 0, retryAfter: 0 };
  return {
    async check(key) {
      return view(live(key));
    },
    async hit(key, windowSeconds) {
      let w = live(key);
      if (!w) {
        w = { count: 0, resetAt: now() + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return view(w);
    },
    async clear(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

/** Counters in Redis under `prefix` (redisKeys(REDIS_PREFIX).rateLimits in the app). */
export function createRedisRateLimiter(url: string, prefix: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const read = async (key: string): Promise<Attempts> => {
    const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
    const n = Number(count ?? 0);
    return n > 0 && ttl > 0 ? { count: n, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) } : { count: 0, retryAfter: 0 };
  };
  return {
    check: read,
    async hit(key, windowSeconds) {
      // INCR then set the expiry only when the key is new, atomically in one round trip.
      const result = await redis.multi().incr(prefix + key).pexpire(prefix + key, windowSeconds * 1000, 'NX').pttl(prefix + key).exec();
      const count = Number(result?.[0]?.[1] ?? 1);
      const ttl = Number(result?.[2]?.[1] ?? windowSeconds * 1000);
      return { count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

export function createRateLimiter(redis: { url: string | undefined; prefix: string }): RateLimiter {
  return redis.url ? createRedisRateLimiter(redis.url, redisKeys(redis.prefix).rateLimits) : createMemoryRateLimiter();
}

export interface AttemptPolicy {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
  /**
   * With a cap above windowSeconds, every lock-out of the key within a day doubles its next window
   * (60 s, 120 s, 240 s ... up to the cap): a guesser slows down exponentially, the owner waits at
   * most the cap. Without it the window is fixed.
   */
  maxWindowSeconds?: number;
}

const LOCKOUT_MEMORY_SECONDS = 24 * 3600;

/**
 * Counts one attempt and refuses it (429 with Retry-After) when the window already holds
 * `limit`. The count comes first and is atomic (one increment in memory, INCR in Redis), so
 * parallel attempts cannot all pass a check made before any of them was counted.
 */
export async function takeAttempt(limiter: RateLimiter, key: string, policy: AttemptPolicy, message?: string): Promise<void> {
  const cap = Math.max(policy.maxWindowSeconds ?? policy.windowSeconds, policy.windowSeconds);
  const backsOff = cap > policy.windowSeconds;
  const lockouts = backsOff ? (await limiter.check(`${key}:lockouts`)).count : 0;
  const attempts = await limiter.hit(key, Math.min(policy.windowSeconds * 2 ** lockouts, cap));
  if (attempts.count <= policy.limit) return;
  if (backsOff && attempts.count === policy.limit + 1) await limiter.hit(`${key}:lockouts`, LOCKOUT_MEMORY_SECONDS);
  throw tooManyRequests(attempts.retryAfter, message);
}

/** Forgets a key's attempts, lock-outs and failures (a successful login, a password reset). */
export async function clearAttempts(limiter: RateLimiter, key: string): Promise<void> {
  await Promise.all([limiter.clear(key), limiter.clear(`${key}:lockouts`), limiter.clear(`${key}:failures`)]);
}

/** The login counter of one account, shared by the password grant and the password reset that clears it. */
export const loginAccountKey = (email: string): string => `login:account:${email.trim().toLowerCase()}`;

/** The sign-in throttle's settings (config.accounts.throttle), as the password checks read them. */
export interface SignInThrottle {
  loginMaxAttempts: number;
  loginAddressMaxAttempts: number;
  loginDecaySeconds: number;
  loginMaxLockoutSeconds: number;
}

/** The policy of one account's password (or second-factor) attempts: a window that backs off. */
export const accountAttemptPolicy = (t: SignInThrottle): AttemptPolicy => ({ limit: t.loginMaxAttempts, windowSeconds: t.loginDecaySeconds, maxWindowSeconds: t.loginMaxLockoutSeconds });

/**
 * Counts a password attempt per account and per address, before the password is checked (the
 * password grant, and the settings that ask for the current password): over either limit, 429.
 */
export async function takePasswordAttempt(limiter: RateLimiter, t: SignInThrottle, email: string, ip: string): Promise<void> {
  const backOff = { windowSeconds: t.loginDecaySeconds, maxWindowSeconds: t.loginMaxLockoutSeconds };
  await Promise.all([
    takeAttempt(limiter, loginAccountKey(email), accountAttemptPolicy(t)),
    takeAttempt(limiter, `login:address:${ip}`, { limit: t.loginAddressMaxAttempts, ...backOff }),
  ]);
}
