import { LruMap } from '../lruMap.ts';

// Who each recently seen bearer token belonged to, kept in this process. It is never trusted on
// its own: it only lets a route whose one settling statement checks the token itself
// (server/plugins/auth.ts, `tokenCheckedBySettlement`) skip the separate token lookup, the one
// round trip an instant bet would otherwise spend before it can be decided.

const MAX_TOKENS = 50_000;

export function createTokenOwners() {
  const owners = new LruMap<string, { userId: number; expiresAt: number }>(MAX_TOKENS);
  return {
    /** The user the token (by its hash) last belonged to, unless it has expired since. */
    get(hash: string): number | undefined {
      const owner = owners.get(hash);
      if (owner && owner.expiresAt > Date.now()) return owner.userId;
      owners.delete(hash);
      return undefined;
    },
    remember: (hash: string, owner: { userId: number; expiresAt: number }) => owners.set(hash, owner),
    forget: (hash: string) => owners.delete(hash),
  };
}

export type TokenOwners = ReturnType<typeof createTokenOwners>;
