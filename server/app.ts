import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedOnStart } from './db/seed.ts';
import { createLocalBus, type Bus } from './realtime/bus.ts';
import { createRedisBus } from './realtime/redisBus.ts';
import { attachRealtime } from './realtime/realtime.ts';
import { createWallet } from './wallet/wallet.ts';
import { liveTokenGuard } from './accounts/settlementGuard.ts';
import { createPlayGate } from './responsible/playGate.ts';
import { faultPoints } from './faultPoints.ts';
import { createOpenableBoxes } from './boxes/openableBoxes.ts';
import { createSeedPairCache } from './fair/seedPairCache.ts';
import { createHashChains } from './fair/hashChains.ts';
import { createAccountServices } from './accounts/services.ts';
import { createPaymentGateways } from './payments/gateways.ts';
import { installErrorHandler } from './plugins/errorHandler.ts';
import { installRouteContract, responseSerializer } from './http/responseContract.ts';
import { installAuth } from './plugins/auth.ts';
import { installSecurityHeaders } from './plugins/securityHeaders.ts';
import { installInputGuard } from './plugins/inputGuard.ts';
import { serveClient } from './plugins/client.ts';
import { boxesPageFiller, boxPageFiller } from './boxes/pageFills.ts';
import { installApiDocs } from './plugins/apiDocs.ts';
import { registerRoutes } from './routes/index.ts';
import { installBalanceHeaders } from './plugins/balanceHeaders.ts';
import { syncRoundGames } from './games/rounds/roundGameList.ts';
import { syncGames } from './games/gameList.ts';
import { createBattles } from './games/battles/battles.ts';
import { runBattleRounds } from './games/battles/battleRounds.ts';
import { systemClock, type Clock } from './clock.ts';
import { createCrash } from './games/crash/crashGame.ts';
import { runSupportNotifier } from './support/tickets.ts';
import { offsetFileClock } from './rewards/offsetClock.ts';
import { runWeeklyPrizes } from './rewards/weeklyPrizes.ts';
import { createWheel } from './games/wheel/wheelGame.ts';
import { startRoundGame } from './games/rounds/roundLoop.ts';
import { createGameSettings } from './gameSettings/gameSettings.ts';
import { startNodeHeartbeat } from './reports/nodeHeartbeat.ts';
import './types.ts';
import { runWithdrawalStepNotifier } from './shipping/stepNotifier.ts';
import { runCodeReviewNotifier } from './inventory/reviewNotifier.ts';
import { redisKeys } from './redisKeys.ts';

/** How often a node looks for operator answers to tell players about (docs/community.md). */
const SUPPORT_NOTIFY_MS = 1_000;

export interface BuildOptions {
  /** Replace the event bus (tests, or the Redis bus chosen by main). */
  bus?: Bus;
  /** Run the idempotent demo seed at start (default: config.seedDemo). */
  seed?: boolean;
  /** The server's clock of the round games (tests inject one they move by hand). */
  clock?: Clock;
  /** The clock of the weekly leaderboard and the daily cashback (tests close a week with one). */
  rewardsClock?: Clock;
  /**
   * PGlite only: start from this image of a data directory (DatabaseHandle.image). Tests start
   * from an image already migrated: a fresh PGlite's initdb and the migrations took 2–3 s an app.
   */
  databaseImage?: Blob;
  /** An opened database to use instead of opening one from the config (the embedded dice bench keeps its handle); closed with the app. */
  database?: DatabaseHandle;
}

/**
 * Builds the whole product as one Fastify instance: database (migrated), services, routes and
 * the client. It does not listen; server/main.ts does. `app.close()` releases everything.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 100 ? req.headers['x-request-id'] : randomUUID()),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Outside production an answer that loses a field to its response schema is an error (http/responseContract.ts).
  app.setSerializerCompiler(responseSerializer(config.env !== 'production'));
  // Set before anything can answer (errors included); a callback hook costs no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const database = options.database ?? (await openDatabase(config.database, options.databaseImage));
  const { db } = database;
  const bus = options.bus ?? (config.redisUrl ? await createRedisBus(config.redisUrl, { channel: redisKeys(config.redisPrefix).bus }) : createLocalBus());
  const clock = options.clock ?? systemClock;
  const log = app.log;
  // Services are made here, once: every plugin scope sees the same instances (one chain cache,
  // one rate limiter), and a route reaches them as decorators instead of building its own. Domain
  // modules are handed the few of them they use, never the app.
  const wallet = createWallet(db, bus, { settlementGuard: liveTokenGuard, stakeGate: createPlayGate(clock), faultPoint: faultPoints(config.faultPoint) });
  const hashChains = createHashChains({ db, secret: config.appSecret, ...config.fairChains });
  const accounts = createAccountServices(config, log);
  const crash = createCrash({ db, wallet, bus, hashChains, log }, config.crash, clock);
  const wheel = createWheel({ db, wallet, bus, hashChains, log }, config.wheel, clock);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dbKind', database.kind);
  app.decorate('bus', bus);
  app.decorate('wallet', wallet);
  app.decorate('seedPairs', createSeedPairCache(db));
  app.decorate('openableBoxes', createOpenableBoxes(db));
  app.decorate('hashChains', hashChains);
  app.decorate('accounts', accounts);
  app.decorate('payments', createPaymentGateways(config.payments));
  app.decorate('battles', createBattles({ db, wallet, bus, clock }, config.battles));
  app.decorate('clock', clock);
  // Each round game's service is decorated under its game's id (app.crash, app.wheel).
  app.decorate(crash.game, crash);
  app.decorate('rewardsClock', options.rewardsClock ?? (config.rewards.clockOffsetFile ? offsetFileClock(config.rewards.clockOffsetFile) : clock));
  app.decorate(wheel.game, wheel);
  app.addHook('onClose', async () => {
    await accounts.limiter.close();
    await bus.close();
    await database.close();
  });

  try {
    const applied = await migrateToLatest(db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    await syncRoundGames(db);
    await syncGames(db);
    if (options.seed ?? config.seedDemo) await seedOnStart({ db, wallet, log }, config.env);
    // Before any round starts: no connection parses or plans a settlement in play (preparedStatements.ts).
    await database.warm();
  } catch (error) {
    await database.close();
    throw error;
  }
  // After the migrations (its table): every bet path reads the settings from here.
  const gameSettings = await createGameSettings(db, bus);
  app.decorate('gameSettings', gameSettings);
  app.addHook('preClose', async () => gameSettings.close());

  installErrorHandler(app);
  installSecurityHeaders(app);
  installBalanceHeaders(app);
  installInputGuard(app);
  await app.register(formbody);
  installAuth(app);
  installRouteContract(app);
  await installApiDocs(app);
  await registerRoutes(app);
  await attachRealtime(app);
  const { leader } = app.realtime;
  // This node's line on the console's live board (server/reports/nodeHeartbeat.ts).
  const { pusher, games } = app.realtime;
  app.decorate('nodeHeartbeat', startNodeHeartbeat(db, () => ({ leader: leader.isLeader(), players: pusher.channelCount('private-users.'), connections: pusher.connectionCount() + games.io.engine.clientsCount }), log));
  // The background work: each part answers what stops it, and all of it stops before the database closes.
  const stops = [
    runBattleRounds({ db, bus, clock, leader, log, waiting: app.battles }, config.battles.tickMs),
    // Operators answer from another process (npm run ops -- support reply): the server tells the player.
    runSupportNotifier({ db, bus, mailer: accounts.mailer, config, log }, SUPPORT_NOTIFY_MS),
    // Deliveries moved on by the console or an ops command: the player is mailed each step.
    runWithdrawalStepNotifier({ db, mailer: accounts.mailer, config, log }, SUPPORT_NOTIFY_MS),
    // Code reveals decided in the console: the player is mailed the decision.
    runCodeReviewNotifier({ db, mailer: accounts.mailer, config, log }, SUPPORT_NOTIFY_MS),
    startRoundGame(app.realtime, crash),
    startRoundGame(app.realtime, wheel),
    app.nodeHeartbeat.stop,
  ];
  app.addHook('preClose', async () => {
    for (const stop of stops) await stop();
  });
  runWeeklyPrizes({ wallet, bus, leader, log }, config.rewards.leaderboard, app.rewardsClock, config.rewards.checkMs);
  await serveClient(app, { '/boxes': boxesPageFiller(db), '/boxes/:slug': boxPageFiller(db) });
  return app;
}
