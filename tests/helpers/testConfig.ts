import path from 'node:path';
import { loadConfig, type Config } from '../../server/config.ts';

/**
 * The client directory of the apps and server processes the Vitest files start, unless a test gives
 * its own: a directory that is never made, so they serve no built client whether or not dist/client
 * exists. `npm test` builds dist/client while the Vitest files run (scripts/test.ts): an app starting
 * mid-build would otherwise read a half-written client.
 */
export const NO_CLIENT_DIR = path.resolve('tests/helpers/no-client');

/** A configuration for tests and benchmarks: the defaults plus the given overrides, PGlite in memory. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  // Round loops run only in the tests that ask for them (CRASH_ENABLED=true, WHEEL_ENABLED=true).
  // Test accounts are minutes old: code reveals are held for review only in the tests that ask for it.
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CLIENT_DIR: NO_CLIENT_DIR, DATA_DIR: 'memory://', SEED_DEMO: 'false', CRASH_ENABLED: 'false', WHEEL_ENABLED: 'false', CODE_REVIEW_ACCOUNT_DAYS: '0', CODE_REVIEW_ABOVE: '1000', ...overrides });
}
