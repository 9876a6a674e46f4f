import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Bus, BusMessage } from './bus.ts';

// The bus between nodes: every message is delivered on the publishing node at once and sent to
// the others through one Redis pub/sub channel. A node ignores its own messages coming back
// from Redis, so each node delivers each message exactly once and in its publishing order.

export const BUS_REDIS_CHANNEL = 'shop:realtime-bus';

export async function createRedisBus(url: string, options: { channel?: string } = {}): Promise<Bus> {
  const channel = options.channel ?? BUS_REDIS_CHANNEL;
  const nodeId = randomUUID();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  // ioredis reconnects by itself; an error event without a listener would crash the process.
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  await Promise.all([publisher.connect(), subscriber.connect()]);
  subscriber.on('message', (from: string, raw: string) => {
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
  await subscriber.subscribe(channel);

  return {
    publish(message) {
      emitter.emit('message', message);
      publisher.publish(channel, JSON.stringify({ node: nodeId, message })).catch(() => {
        // Realtime events are best effort (state is always re-read on reconnect); a lost
        // message must not fail the bet or opening that produced it.
      });
    },
    subscribe(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    async close() {
      emitter.removeAllListeners();
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
