import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { stampRequest, type Bus, type BusMessage } from './bus.ts';

// The bus between nodes: every message is delivered on the publishing node at once and sent to
// the others through one Redis pub/sub channel. A node ignores its own messages coming back
// from Redis, so each node delivers each message exactly once and in its publishing order.

export const BUS_REDIS_CHANNEL = 'shop:realtime-bus';

/** How often a node pings itself through Redis to measure the bus's lag. */
const PING_MS = 5_000;

export async function createRedisBus(url: string, options: { channel?: string; pingChannel?: string } = {}): Promise<Bus> {
  const channel = options.channel ?? BUS_REDIS_CHANNEL;
  const pingChannel = options.pingChannel ?? `${channel}-ping`;
  const nodeId = randomUUID();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  // ioredis reconnects by itself; an error event without a listener would crash the process.
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  await Promise.all([publisher.connect(), subscriber.connect()]);
  // The bus's lag: a node publishes its clock on a channel of its own beside the bus's and times the
  // echo on the same subscriber connection, behind the bus messages it is still reading, so one clock
  // measures publishing to receiving (no skew between nodes) and the bus's messages carry nothing
  // more. One ping is out at a time; while it is out, the lag is at least how long it has waited
  // (Redis down: the figure grows instead of staying at the last good one).
  let lastLag = 0;
  let pingSentAt: number | null = null;
  const ping = () => {
    if (pingSentAt !== null) return;
    pingSentAt = performance.now();
    publisher.publish(pingChannel, `${nodeId} ${pingSentAt}`).catch(() => {});
  };
  const pinger = setInterval(ping, PING_MS);
  pinger.unref();
  subscriber.on('message', (from: string, raw: string) => {
    if (from === pingChannel) {
      if (pingSentAt !== null && raw === `${nodeId} ${pingSentAt}`) {
        lastLag = (performance.now() - pingSentAt) / 1000;
        pingSentAt = null;
      }
      return;
    }
    if (from !== channel) return;
    let envelope: { node: string; message: BusMessage };
    try {
      envelope = JSON.parse(raw) as typeof envelope;
    } catch {
      return;
    }
    if (envelope.node === nodeId) return;
    emitter.emit('message', envelope.message);
  });
  await subscriber.subscribe(channel, pingChannel);
  ping();

  return {
    publish(message) {
      emitter.emit('message', stampRequest(message));
      publisher.publish(channel, JSON.stringify({ node: nodeId, message })).catch(() => {
        // Realtime events are best effort (state is always re-read on reconnect); a lost
        // message must not fail the bet or opening that produced it.
      });
    },
    subscribe(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    lagSeconds: () => (pingSentAt === null ? lastLag : Math.max(lastLag, (performance.now() - pingSentAt) / 1000)),
    async close() {
      clearInterval(pinger);
      emitter.removeAllListeners();
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
