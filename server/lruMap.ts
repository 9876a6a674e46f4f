// A Map bounded to its `max` most recently used entries: a Map keeps insertion order, so a used
// entry is re-inserted at the end and the first one is the least recently used. For the caches a
// server process keeps of its recent players (server/fair/seedPairCache.ts, server/accounts/tokenOwners.ts).
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) this.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
