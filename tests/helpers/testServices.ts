import { openDatabase } from '../../server/db/database.ts';
import { createLocalBus } from '../../server/realtime/bus.ts';
import { createWallet } from '../../server/wallet/wallet.ts';
import { liveTokenGuard } from '../../server/accounts/settlementGuard.ts';
import { createPlayGate } from '../../server/responsible/playGate.ts';
import { systemClock, type Clock } from '../../server/clock.ts';
import { liveTokenOwner, tokenHash } from '../../server/accounts/tokens.ts';
import { createHashChains } from '../../server/fair/hashChains.ts';
import { createSeedPairCache } from '../../server/fair/seedPairCache.ts';
import { syncRoundGames } from '../../server/games/rounds/roundGameList.ts';
import { unauthenticated } from '../../server/http/errors.ts';
import type { SettlementPlayer } from '../../server/plugins/auth.ts';
import type { Log } from '../../server/log.ts';
import { migratedImage } from './pgliteImage.ts';
import { createGameSettings } from '../../server/gameSettings/gameSettings.ts';
import { testConfig } from './testConfig.ts';

// The services domain modules are handed (database, wallet, bus, hash chains, seed pairs, log), made
// as buildApp makes them but with no Fastify app and no HTTP server: a domain test builds the module
// it tests from these (createCrash(services, …), placeDiceBet(services, …)), on an in-memory PGlite
// started from the migrated image.

const quiet = () => {};
/** The test app logs nothing either (testConfig's LOG_LEVEL=silent). */
const silentLog: Log = { debug: quiet, info: quiet, warn: quiet, error: quiet };

/** `clock`: what the stake gate reads the time by (limits' periods and raises, breaks' ends). */
export async function createTestServices(env: Record<string, string> = {}, clock: Clock = systemClock) {
  const config = testConfig(env);
  const database = await openDatabase(config.database, await migratedImage());
  const { db } = database;
  await syncRoundGames(db);
  const bus = createLocalBus();
  const gameSettings = await createGameSettings(db, bus);
  return {
    config,
    db,
    bus,
    wallet: createWallet(db, bus, { settlementGuard: liveTokenGuard, stakeGate: createPlayGate(clock) }),
    hashChains: createHashChains({ db, secret: config.appSecret, ...config.fairChains }),
    seedPairs: createSeedPairCache(db),
    gameSettings,
    log: silentLog,
    async close() {
      gameSettings.close();
      await bus.close();
      await database.close();
    },
  };
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
