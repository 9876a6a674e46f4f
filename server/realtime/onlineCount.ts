import { createHmac, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

// The chat's online count (docs/community.md, "Online count"): the distinct people connected to the
// realtime server, taken from what the Pusher-protocol server really holds (pusherServer.people():
// a player once however many tabs, a guest once per client address), never padded. Every
// `intervalMs` a node takes its own people; without Redis (one node) that is the count. With Redis
// each node writes its people as a set `online:{node}` that expires after three intervals and its
// report time in the sorted set `online-nodes`; the count is the size of the union of the sets of
// the nodes heard from in the last three intervals (SUNIONSTORE), so a player on two nodes counts
// once and a node that died drops out. Every node takes the same count and tells its own
// subscribers when it changed (`onChange`), so no count travels on the bus.

export interface OnlineCount {
  /** The last count taken (0 before the first). */
  current(): number;
  /** Takes the count now (the timer does it every interval). */
  refresh(): Promise<number>;
  close(): Promise<void>;
}

export interface OnlineCountOptions {
  people: () => Set<string>;
  intervalMs: number;
  onChange: (count: number) => void;
  /** The shared count across nodes; null for one node. */
  redis: { client: Redis; peopleKey: (node: string) => string; nodesKey: string } | null;
  /** Keys the guests' addresses so Redis never holds one. */
  secret: string;
  log?: { warn(obj: object, msg: string): void };
}

export function startOnlineCount(options: OnlineCountOptions): OnlineCount {
  const node = randomUUID();
  const ttl = options.intervalMs * 3;
  let count = 0;
  let running: Promise<number> | null = null;
  const hidden = (person: string) => (person.startsWith('a:') ? `a:${createHmac('sha256', options.secret).update(person).digest('base64url').slice(0, 22)}` : person);

  async function take(): Promise<number> {
    const people = options.people();
    if (!options.redis) return people.size;
    const { client, peopleKey, nodesKey } = options.redis;
    const now = Date.now();
    const mine = peopleKey(node);
    const write = client.multi().del(mine);
    if (people.size > 0) write.sadd(mine, ...[...people].map(hidden)).pexpire(mine, ttl);
    await write.zadd(nodesKey, now, node).zremrangebyscore(nodesKey, '-inf', now - ttl).exec();
    const nodes = await client.zrange(nodesKey, '0', '-1');
    const union = `${mine}:union`;
    const [[, size]] = ((await client.multi().sunionstore(union, ...nodes.map(peopleKey)).del(union).exec()) ?? [[null, 0]]) as [[unknown, number]];
    return Number(size);
  }

  async function refresh(): Promise<number> {
    running ??= take()
      .then((next) => {
        if (next !== count) {
          count = next;
          options.onChange(next);
        }
        return next;
      })
      .catch((error: unknown) => {
        options.log?.warn({ err: error }, 'online count not taken');
        return count;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void refresh(), options.intervalMs);
  timer.unref();
  void refresh();
  return {
    current: () => count,
    refresh,
    async close() {
      clearInterval(timer);
      await running;
      if (options.redis) await options.redis.client.multi().del(options.redis.peopleKey(node)).zrem(options.redis.nodesKey, node).exec().catch(() => undefined);
    },
  };
}
