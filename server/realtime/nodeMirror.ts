import type { Bus } from './bus.ts';

// An in-memory copy, on every node, of a small table the console changes (the game settings, the
// kill switches): read on the hot path without a query. A change is announced on the bus after its
// transaction commits (`announceChange`), which reaches every node with REDIS_URL, and each node
// re-reads the table at once; each also re-reads it every `pollMs`, so a change made by `npm run
// ops` from a process without the bus, or a message lost by Redis, still applies within that time.

const CHANGED = 'changed';

export interface NodeMirror<T> {
  current(): T;
  /** Re-reads the table now (the bus and the poll call it; a route after its own change). */
  reload(): Promise<void>;
  close(): void;
}

export async function createNodeMirror<T>(read: () => Promise<T>, bus: Bus, channel: string, pollMs: number): Promise<NodeMirror<T>> {
  let current = await read();
  // Reads may finish out of order (a slow one started before a newer change): keep the newest start's.
  let started = 0;
  let applied = 0;
  const reload = async () => {
    const seq = ++started;
    const next = await read();
    if (seq > applied) {
      applied = seq;
      current = next;
    }
  };
  const unsubscribe = bus.subscribe((message) => {
    if (message.channel === channel && message.event === CHANGED) reload().catch(() => {});
  });
  const poll = setInterval(() => reload().catch(() => {}), pollMs);
  poll.unref();
  return {
    current: () => current,
    reload,
    close() {
      clearInterval(poll);
      unsubscribe();
    },
  };
}

/** Tells every node's mirror of `channel` to re-read (after the change committed). */
export function announceChange(bus: Bus | null, channel: string, data: unknown): void {
  bus?.publish({ channel, event: CHANGED, data });
}
