import { Redis } from 'ioredis';

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

export function createRedisRateLimiter(url: string, prefix = 'ratelimit:'): RateLimiter {
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

export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  return redisUrl ? createRedisRateLimiter(redisUrl) : createMemoryRateLimiter();
}
