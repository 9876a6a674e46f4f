// Who each recently seen bearer token belonged to, kept in this process. It is never trusted on
// its own: it only lets a route whose one settling statement checks the token itself
// (server/plugins/auth.ts, `tokenCheckedBySettlement`) skip the separate token lookup, the one
// round trip an instant bet would otherwise spend before it can be decided.

// Bounded like an LRU: a Map keeps insertion order, and a touched entry is re-inserted.
const MAX_TOKENS = 50_000;

export function createTokenOwners() {
  const owners = new Map<string, { userId: number; expiresAt: number }>();
  return {
    /** The user the token (by its hash) last belonged to, unless it has expired since. */
    get(hash: string): number | undefined {
      const owner = owners.get(hash);
      if (!owner) return undefined;
      owners.delete(hash);
      if (owner.expiresAt <= Date.now()) return undefined;
      owners.set(hash, owner);
      return owner.userId;
    },
    remember(hash: string, owner: { userId: number; expiresAt: number }): void {
      owners.delete(hash);
      owners.set(hash, owner);
      if (owners.size > MAX_TOKENS) owners.delete(owners.keys().next().value!);
    },
    forget(hash: string): void {
      owners.delete(hash);
    },
  };
}

export type TokenOwners = ReturnType<typeof createTokenOwners>;
