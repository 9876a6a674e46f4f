import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Bus } from './realtime/bus.ts';
import type { Wallet } from './wallet/wallet.ts';
import type { SeedPairCache } from './fair/seedPairCache.ts';

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
  }
  interface FastifyRequest {
    /** Set by `authenticate` (required) or by the optional-auth hook when a valid token is sent. */
    userId: number | null;
  }
}

export {};
