import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openOrExplain } from './db/embeddedLock.ts';

// The entry point: read the configuration, build the app, listen, and close gracefully on
// SIGTERM/SIGINT (stop accepting, let in-flight requests finish, close sockets and the database).
/**
 * Starts the server; answers the app (the e2e server script adds its fixtures through it). `options`
 * are buildApp's (the e2e server's PGlite starts from the tests' migrated image).
 */
export async function main(options: BuildOptions = {}): Promise<FastifyInstance> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Another server (or an ops command) holding the embedded database: one line saying so.
  const app = await openOrExplain(() => buildApp(config, options));
  if (!app) process.exit(1);
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return app;
}

if (import.meta.main) {
  await main();
}
