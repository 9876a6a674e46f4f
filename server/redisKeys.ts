// Every name this deployment uses in Redis (keys and pub/sub channels) is made here and starts with
// REDIS_PREFIX, so several deployments (staging and production, two shops) can share one Redis
// without sharing login, sign-up and two-factor counters or hearing each other's events. Anything
// new written to Redis gets its name from this function.

export interface RedisKeys {
  /** Prefix of the rate limiter's counters (server/security/rateLimit.ts). */
  rateLimits: string;
  /** The pub/sub channel of the event bus between nodes (server/realtime/redisBus.ts). */
  bus: string;
  /** The pub/sub channel of each node's ping to itself, which measures the bus's lag (server/realtime/redisBus.ts). */
  busPing: string;
  /** The socket.io Redis adapter's key, which prefixes its channels (server/realtime/realtime.ts). */
  socketIo: string;
  /** The people connected to one node (a set per node) and the nodes' last reports (a sorted set): server/realtime/onlineCount.ts. */
  onlinePeople: (node: string) => string;
  onlineNodes: string;
}

export function redisKeys(prefix: string): RedisKeys {
  return { rateLimits: `${prefix}ratelimit:`, bus: `${prefix}realtime-bus`, busPing: `${prefix}realtime-bus-ping`, socketIo: `${prefix}socket.io`, onlinePeople: (node) => `${prefix}online:${node}`, onlineNodes: `${prefix}online-nodes` };
}
