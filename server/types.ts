import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Bus } from './realtime/bus.ts';
import type { Wallet } from './wallet/wallet.ts';
import type { SeedPairCache } from './fair/seedPairCache.ts';
import type { TokenOwners } from './accounts/tokenOwners.ts';

// The services every route can reach as decorators on the Fastify instance.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: 'pglite' | 'postgres';
    bus: Bus;
    wallet: Wallet;
    /** Active seed pairs of recent players, for instant bets settled in one statement. */
    seedPairs: SeedPairCache;
    /** preHandler: 401 `{"message":"Unauthenticated."}` unless a live bearer token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Who recently seen bearer tokens belonged to (server/plugins/auth.ts). */
    tokenOwners: TokenOwners;
  }
  interface FastifyRequest {
    /** The bearer token's user, or null (server/plugins/auth.ts); `authenticate` requires it. */
    userId: number | null;
    /** SHA-256 of the bearer token sent, or null. */
    tokenHash: string | null;
    /** Whether userId was read from the database for this request (see tokenCheckedBySettlement). */
    tokenConfirmed: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The route's one settling statement checks the bearer token itself, so a token seen alive
     * before skips the separate lookup (server/plugins/auth.ts).
     */
    tokenCheckedBySettlement?: boolean;
  }
}

export {};
