import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createSandboxKyc, KYC_CALLBACK_PATH } from './kyc/sandboxProvider.ts';
import { attachRealtime } from './realtime/realtime.ts';
import { installErrorHandler } from './plugins/errorHandler.ts';
import { installAnswerLanguage } from './plugins/answerLanguage.ts';
import { installRouteContract, responseSerializer } from './http/responseContract.ts';
import { installAuth } from './plugins/auth.ts';
import { installDeclaredChecks } from './plugins/declaredChecks.ts';
import { installSecurityHeaders } from './plugins/securityHeaders.ts';
import { installInputGuard } from './plugins/inputGuard.ts';
import { serveClient } from './plugins/client.ts';
import { boxesPageFiller, boxPageFiller } from './boxes/pageFills.ts';
import { betPageHeader } from './transparency/betPageHead.ts';
import { installApiDocs } from './plugins/apiDocs.ts';
import { registerRoutes } from './routes/index.ts';
import { installBalanceHeaders } from './plugins/balanceHeaders.ts';
import { runBattleRounds } from './games/battles/battleRounds.ts';
import { runSupportNotifier } from './support/tickets.ts';
import { runAnnouncer } from './chat/announcements.ts';
import { runNotificationDelivery } from './notifications/notifications.ts';
import { webPushDeps } from './notifications/webPush.ts';
import { runRain } from './chat/rain.ts';
import { runRaces } from './races/races.ts';
import { runChallenges } from './missions/challenges.ts';
import { runRiskAlerts } from './risk/alerts.ts';
import { runTransparencyRefresh } from './transparency/transparency.ts';
import { startRoundGame } from './games/rounds/roundLoop.ts';
import { startNodeHeartbeat } from './reports/nodeHeartbeat.ts';
import { createServices, type ServiceOptions } from './services.ts';
import './types.ts';
import { runWithdrawalStepNotifier } from './shipping/stepNotifier.ts';
import { runCodeReviewNotifier } from './inventory/reviewNotifier.ts';
import { runBonusExpiry } from './bonuses/grants.ts';
import { installHttpMetrics } from './metrics/httpMetrics.ts';
import { registerNodeMetrics } from './metrics/nodeMetrics.ts';
import { runLedgerCheck } from './metrics/ledgerCheck.ts';
import { processMetrics } from './metrics/processMetrics.ts';
import { loggerOptions, requestIdOf } from './logger.ts';
import { installRequestContext } from './requestContext.ts';
import { PRIVATE_USER_CHANNEL_PREFIX } from '../core/protocol/realtime.ts';

/** How often a node looks for operator answers to tell players about (docs/community.md). */
const SUPPORT_NOTIFY_MS = 1_000;

/** What a test or bench may replace in the services (server/services.ts); buildApp passes them on. */
export type BuildOptions = Omit<ServiceOptions, 'log' | 'onMigrated'> & {
  /** Where the log lines go instead of stdout (a test reads them: tests/server/logSecrets.test.ts). */
  logStream?: { write(line: string): void };
};

/**
 * Builds the whole product as one Fastify instance: database (migrated), services, routes and
 * the client. It does not listen; server/main.ts does. `app.close()` releases everything.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    // docs/operations.md, "Logs": a trusted proxy's x-request-id, else a fresh id.
    genReqId: requestIdOf(config.trustProxy),
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
  installRequestContext(app);

  // Services are made once, by createServices (server/services.ts), as ops and the tests make them:
  // every plugin scope sees the same instances (one chain cache, one rate limiter), and a route
  // reaches them as decorators instead of building its own. Domain modules are handed the few of
  // them they use, never the app.
  const services = await createServices(config, {
    ...options,
    seed: options.seed ?? config.seedDemo,
    log: app.log,
    onMigrated: (applied) => app.log.info({ applied }, 'migrations applied'),
  });
  const { db, bus, wallet, crash, wheel, accounts, clock, database } = services;
  const log = app.log;
  try {
    // Before any round starts: no connection parses or plans a settlement in play (preparedStatements.ts).
    await services.warm();
  } catch (error) {
    await services.close();
    throw error;
  }
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dbKind', services.dbKind);
  app.decorate('bus', bus);
  app.decorate('wallet', wallet);
  app.decorate('seedPairs', services.seedPairs);
  app.decorate('openableBoxes', services.openableBoxes);
  app.decorate('hashChains', services.hashChains);
  app.decorate('accounts', accounts);
  app.decorate('payments', services.payments);
  // The KYC provider: the sandbox wherever the payment sandbox may serve (docs/kyc.md); its signed
  // callbacks reach our own callback route through the full HTTP pipeline, as a provider's would.
  const kycSandbox = config.payments.sandboxAllowed ? createSandboxKyc(db, config.appSecret, async (raw, headers) => (await app.inject({ method: 'POST', url: KYC_CALLBACK_PATH, payload: raw, headers })).statusCode) : null;
  app.decorate('kyc', kycSandbox);
  app.decorate('kycSandbox', kycSandbox);
  app.decorate('battles', services.battles);
  app.decorate('clock', clock);
  // Each round game's service is decorated under its game's id (app.crash, app.wheel).
  app.decorate(crash.game, crash);
  app.decorate('rewardsClock', services.rewardsClock);
  app.decorate(wheel.game, wheel);
  app.decorate('metrics', services.metrics);
  // The event loop's delay is measured from the start (docs/operations.md).
  processMetrics();
  app.decorate('gameSettings', services.gameSettings);
  app.decorate('killSwitches', services.killSwitches);
  app.addHook('onClose', async () => services.close());

  installHttpMetrics(app, services.metrics.registry);
  installErrorHandler(app);
  installAnswerLanguage(app);
  installSecurityHeaders(app);
  installBalanceHeaders(app);
  installInputGuard(app);
  await app.register(formbody);
  installAuth(app);
  installRouteContract(app);
  installDeclaredChecks(app);
  await installApiDocs(app);
  await registerRoutes(app);
  await attachRealtime(app);
  const { leader } = app.realtime;
  registerNodeMetrics(app, services.metrics, database.poolUse);
  // The ledger invariant for the metrics, on the leader (server/metrics/ledgerCheck.ts).
  runLedgerCheck({ db, leader, log, metrics: services.metrics }, config.metrics.ledgerCheckMs);
  // This node's line on the console's live board (server/reports/nodeHeartbeat.ts).
  const { pusher, games } = app.realtime;
  app.decorate('nodeHeartbeat', startNodeHeartbeat(db, () => ({ leader: leader.isLeader(), players: pusher.channelCount(PRIVATE_USER_CHANNEL_PREFIX), connections: pusher.connectionCount() + games.io.engine.clientsCount }), log));
  // The background work: each part answers what stops it, and all of it stops before the database closes.
  const stops = [
    // First: a hash chain's generation in flight (a first start) is given up, so the round loops' stops do not wait for it.
    async () => services.hashChains.close(),
    runBattleRounds({ db, bus, clock, leader, log, waiting: app.battles }, config.battles.tickMs),
    // Operators answer from another process (npm run ops -- support reply): the server tells the player.
    runSupportNotifier({ db, bus, mailer: accounts.mailer, config, log }, SUPPORT_NOTIFY_MS),
    // Big wins and race results posted into the chat as system messages, once over any number of nodes.
    runAnnouncer({ db, bus, log }, SUPPORT_NOTIFY_MS),
    // Each notification live on the player's channel once over any number of nodes, and to their subscribed browsers.
    runNotificationDelivery({ db, bus, log, push: webPushDeps(config, db, log, clock) }, config.notificationDeliveryMs),
    // The chat's rain: opened when due and paid once its window closes, once over any number of nodes.
    runRain({ db, bus, wallet, clock, log }, SUPPORT_NOTIFY_MS),
    // Deliveries moved on by the console or an ops command: the player is mailed each step.
    runWithdrawalStepNotifier({ db, mailer: accounts.mailer, config, log }, SUPPORT_NOTIFY_MS),
    // Code reveals decided in the console: the player is mailed the decision.
    runCodeReviewNotifier({ db, mailer: accounts.mailer, config, log }, SUPPORT_NOTIFY_MS),
    // Bonuses past their expiry: the locked rest forfeited (docs/bonuses.md).
    runBonusExpiry({ db, wallet, log }),
    startRoundGame(app.realtime, crash),
    startRoundGame(app.realtime, wheel),
    app.nodeHeartbeat.stop,
  ];
  app.addHook('preClose', async () => {
    for (const stop of stops) await stop();
  });
  // Races (docs/rewards.md, "Races"): the default races (the weekly leaderboard's too) created and the
  // ended ones paid, on the leader.
  runRaces({ db, wallet, bus, leader, log }, config.rewards.leaderboard, app.rewardsClock, config.rewards.checkMs);
  // Challenges (docs/rewards.md, "Challenges"): their new winners paid, on the leader.
  runChallenges({ db, wallet, leader, log }, app.rewardsClock, config.rewards.checkMs);
  // The transparency page's cache (docs/transparency.md): the journal's marks folded in every minute.
  runTransparencyRefresh({ db, leader, log });
  // The risk alerts (docs/risk.md, "Alerts"): what happened since the last scan, every minute, on the leader.
  runRiskAlerts({ db, appSecret: config.appSecret, leader, log, clock });
  await serveClient(app, { '/boxes': boxesPageFiller(db), '/boxes/:slug': boxPageFiller(db) }, { '/bets/:id': betPageHeader(db, config.publicUrl) });
  return app;
}
