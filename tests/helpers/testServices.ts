import { liveTokenOwner, tokenHash } from '../../server/accounts/tokens.ts';
import { unauthenticated } from '../../server/http/errors.ts';
import type { SettlementPlayer } from '../../server/plugins/auth.ts';
import type { Clock } from '../../server/clock.ts';
import type { Log } from '../../server/log.ts';
import { createServices, type ServiceOptions } from '../../server/services.ts';
import { migratedImage } from './pgliteImage.ts';
import { testConfig } from './testConfig.ts';

// The services domain modules are handed (database, wallet, bus, hash chains, seed pairs, log), made
// by createServices as buildApp and `npm run ops` make them, with no Fastify app and no HTTP server:
// a domain test builds the module it tests from these (createCrash(services, …), placeDiceBet(services,
// …)), on an in-memory PGlite started from the migrated image unless `options.database` is given.

const quiet = () => {};
/** The test app logs nothing either (testConfig's LOG_LEVEL=silent). */
const silentLog: Log = { debug: quiet, info: quiet, warn: quiet, error: quiet };

/** `clock`: what the stake gate reads the time by (limits' periods and raises, breaks' ends). */
export async function createTestServices(env: Record<string, string> = {}, clock?: Clock, options: Pick<ServiceOptions, 'database' | 'bus'> = {}) {
  const config = testConfig(env);
  return createServices(config, { clock, log: silentLog, databaseImage: options.database ? undefined : await migratedImage(), ...options });
}

export type TestServices = Awaited<ReturnType<typeof createTestServices>>;

/**
 * A player as a settling statement sees them (what settlementPlayer makes of a request): its
 * `confirm` looks the token up as the auth plugin does, and refuses one that is not live.
 */
export function settlementPlayerOf(services: Pick<TestServices, 'db'>, player: { id: number; token: string }): SettlementPlayer {
  const hash = tokenHash(player.token);
  return {
    userId: player.id,
    tokenHash: hash,
    async confirm() {
      if ((await liveTokenOwner(services.db, hash))?.userId !== player.id) throw unauthenticated();
    },
  };
}
