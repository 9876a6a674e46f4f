import type { Clock } from '../../clock.ts';

/**
 * The snapshot of a round game for (re)connecting sockets: one database read serves the sockets of
 * ~100 ms, each answered with the server's time of now. `invalidate()` after any change.
 */
export function createSnapshotCache<S extends { server_time: number }>(build: () => Promise<S>, clock: Clock) {
  let cache: { at: number; value: Promise<S> } | null = null;
  return {
    get(): Promise<S> {
      const now = Date.now();
      if (!cache || now - cache.at > 100) {
        const value = build();
        cache = { at: now, value };
        value.catch(() => (cache = null));
      }
      return cache.value.then((s) => ({ ...s, server_time: clock.now() }));
    },
    invalidate() {
      cache = null;
    },
  };
}
