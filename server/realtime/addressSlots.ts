// Open connections per client address, for both realtime servers (the Pusher protocol's and the
// round games' socket.io): one address may hold `max` at once (docs/security.md). A refused
// connection takes no slot; a closed one gives its slot back.
export function createAddressSlots(max: number) {
  const open = new Map<string, number>();
  return {
    /** Takes a slot for the address, or answers false when it holds `max` already. */
    take(address: string): boolean {
      const n = open.get(address) ?? 0;
      if (n >= max) return false;
      open.set(address, n + 1);
      return true;
    },
    release(address: string): void {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    },
    full(address: string): boolean {
      return (open.get(address) ?? 0) >= max;
    },
  };
}
