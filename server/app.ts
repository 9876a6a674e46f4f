import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedOnStart } from './db/seed.ts';
import { createLocalBus, type Bus } from './realtime/bus.ts';
import { createRedisBus } from './realtime/redisBus.ts';
import { attachRealtime } from './realtime/realtime.ts';
import { createWallet } from './wallet/wallet.ts';
import { createSeedPairCache } from './fair/seedPairCache.ts';
import { installErrorHandler } from './plugins/errorHandler.ts';
import { installAuth } from './plugins/auth.ts';
import { serveClient } from './plugins/client.ts';
import { registerRoutes } from './routes/index.ts';
import './types.ts';

export interface BuildOptions {
  /** Replace the event bus (tests, or the Redis bus chosen by main). */
  bus?: Bus;
  /** Run the idempotent demo seed at start (default: config.seedDemo). */
  seed?: boolean;
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
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set before anything can answer (errors included); a callback hook costs no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const database = await openDatabase(config.database);
  const bus = options.bus ?? (config.redisUrl ? await createRedisBus(config.redisUrl, { channel: `${config.redisPrefix}realtime-bus` }) : createLocalBus());
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('bus', bus);
  app.decorate('wallet', createWallet(database.db, bus));
  app.decorate('seedPairs', createSeedPairCache(database.db));
  app.addHook('onClose', async () => {
    await bus.close();
    await database.close();
  });

  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    if (options.seed ?? config.seedDemo) await seedOnStart(app);
  } catch (error) {
    await database.close();
    throw error;
  }

  installErrorHandler(app);
  await app.register(formbody);
  installAuth(app);
  await registerRoutes(app);
  await attachRealtime(app);
  await serveClient(app);
  return app;
}
