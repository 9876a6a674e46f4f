import type { Config } from './config.ts';
import { noteCredit } from './notifications/notifications.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedOnStart } from './db/seed.ts';
import { createLocalBus, type Bus } from './realtime/bus.ts';
import { createRedisBus } from './realtime/redisBus.ts';
import { redisKeys } from './redisKeys.ts';
import { createWallet } from './wallet/wallet.ts';
import { settlements } from './settlementList.ts';
import { createSettlementThread } from './wallet/settlementThread.ts';
import { liveTokenGuard } from './accounts/settlementGuard.ts';
import { createPlayGate } from './responsible/playGate.ts';
import { withBonusMaxBet } from './bonuses/maxBet.ts';
import { faultPoints } from './faultPoints.ts';
import { createOpenableBoxes } from './boxes/openableBoxes.ts';
import { createSeedPairCache } from './fair/seedPairCache.ts';
import { createHashChains } from './fair/hashChains.ts';
import { setKnownPairSeed } from './fair/seedPairs.ts';
import { createAccountServices } from './accounts/services.ts';
import { createPaymentGateways } from './payments/gateways.ts';
import { syncGames } from './games/gameList.ts';
import { createBattles } from './games/battles/battles.ts';
import { createCrash } from './games/crash/crashGame.ts';
import { createWheel } from './games/wheel/wheelGame.ts';
import { createGameSettings } from './gameSettings/gameSettings.ts';
import { createKillSwitches } from './killSwitches/killSwitches.ts';
import { offsetFileClock } from './rewards/offsetClock.ts';
import { systemClock, type Clock } from './clock.ts';
import { stderrLog, type Log } from './log.ts';
import { createMetrics } from './metrics/metrics.ts';

// The one place the product's services are made and closed: the server (buildApp decorates the
// app with them), `npm run ops` and the tests all call createServices, so each of them has the
// same wallet on the same bus as the server — an ops credit reaches a player's open page over Redis
// when REDIS_URL is set, as a bet does. Only the HTTP layer (routes, realtime sockets, background
// loops that need the leader election) stays in buildApp.

export interface ServiceOptions {
  /** Replace the event bus (tests); else Redis when the config names it, or a bus of this process. */
  bus?: Bus;
  /** Run the idempotent demo seed after the migrations (buildApp: config.seedDemo; never ops). */
  seed?: boolean;
  /** The server's clock of the round games and the stake gate (tests inject one they move by hand). */
  clock?: Clock;
  /** The clock of the weekly leaderboard and the daily cashback (tests close a week with one). */
  rewardsClock?: Clock;
  /**
   * PGlite only: start from this image of a data directory (DatabaseHandle.image). Tests start
   * from an image already migrated: a fresh PGlite's initdb and the migrations took 2–3 s an app.
   */
  databaseImage?: Blob;
  /** An opened database to use instead of opening one from the config (the embedded dice bench, ops' locked one); closed with the services. */
  database?: DatabaseHandle;
  /** Where domain code logs (buildApp: Fastify's logger); else JSON lines on stderr at the config's level. */
  log?: Log;
  /**
   * false: the batched settlements run on this thread's pool on PostgreSQL too, not in the
   * settlement thread (the benches' A/B: BENCH_SETTLEMENT_THREAD=off in bench/dice and bench/boxes).
   */
  settlementThread?: boolean;
  /** Told of every migration applied. */
  onMigrated?: (applied: string[]) => void;
}

export async function createServices(config: Config, options: ServiceOptions = {}) {
  const database = options.database ?? (await openDatabase(config.database, options.databaseImage));
  const closing: (() => unknown)[] = [() => database.close()];
  // Closed in the reverse order of making: the database last.
  const close = async () => {
    for (const step of closing.splice(0).reverse()) await step();
  };
  try {
    const { db } = database;
    const bus = options.bus ?? (config.redisUrl ? await createRedisBus(config.redisUrl, { channel: redisKeys(config.redisPrefix).bus, pingChannel: redisKeys(config.redisPrefix).busPing }) : createLocalBus());
    closing.push(() => bus.close());
    const clock = options.clock ?? systemClock;
    const log: Log = options.log ?? stderrLog(config.logLevel);
    // On PostgreSQL the batched settlements run in a thread of their own (server/wallet/settlementThread.ts);
    // PGlite runs every statement on this thread anyway (one connection in this process).
    const settlementThread =
      database.kind === 'postgres' && config.database.kind === 'postgres' && options.settlementThread !== false ? createSettlementThread({ url: config.database.url, entry: new URL('./settlementWorker.ts', import.meta.url) }) : undefined;
    if (settlementThread) closing.push(() => settlementThread.close());
    // The wallet tells the metrics of every committed stake and batch (server/metrics/, docs/operations.md).
    const metrics = createMetrics();
    // The domains' one-statement settlements (settlementList.ts): the wallet only runs them.
    const wallet = createWallet(db, bus, {
      settlementGuard: liveTokenGuard,
      stakeGate: withBonusMaxBet(createPlayGate(clock), clock),
      creditNote: noteCredit,
      settlements,
      settlementThread,
      faultPoint: faultPoints(config.faultPoint),
      observer: metrics.observer,
    });
    const hashChains = createHashChains({ db, secret: config.appSecret, ...config.fairChains });
    setKnownPairSeed(config.fairPairSeed);
    const accounts = createAccountServices(config, log);
    closing.push(() => accounts.limiter.close());

    const applied = await migrateToLatest(db);
    if (applied.length) options.onMigrated?.(applied);
    await syncGames(db);
    if (options.seed) await seedOnStart({ db, wallet, log }, config.env);
    // After the migrations (its table): every bet path reads the settings from here.
    const gameSettings = await createGameSettings(db, bus);
    closing.push(() => gameSettings.close());
    const killSwitches = await createKillSwitches(db, bus);
    closing.push(() => killSwitches.close());

    return {
      config,
      database,
      db,
      dbKind: database.kind,
      bus,
      clock,
      rewardsClock: options.rewardsClock ?? (config.rewards.clockOffsetFile ? offsetFileClock(config.rewards.clockOffsetFile) : clock),
      log,
      metrics,
      wallet,
      hashChains,
      seedPairs: createSeedPairCache(db),
      openableBoxes: createOpenableBoxes(db),
      accounts,
      payments: createPaymentGateways(config.payments),
      battles: createBattles({ db, wallet, bus, clock }, config.battles),
      crash: createCrash({ db, wallet, bus, hashChains, log }, config.crash, clock),
      wheel: createWheel({ db, wallet, bus, hashChains, log }, config.wheel, clock),
      gameSettings,
      killSwitches,
      /** Before a node plays: every connection has the settlements' statements prepared (the pool's and the settlement thread's). */
      async warm() {
        await database.warm();
        await settlementThread?.warm();
      },
      /** Stops the settings' poll, closes the rate limiter, the settlement thread, the bus and the database, in that order. */
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export type Services = Awaited<ReturnType<typeof createServices>>;

/** What an ops command is handed (server/ops/cli.ts): the CLI's services, or in a test the app, whose decorators are the same. */
export type OpsServices = Pick<Services, 'config' | 'db' | 'bus' | 'wallet'>;
