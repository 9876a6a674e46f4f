import { loadConfig, type Config } from '../../server/config.ts';
import { NO_CLIENT_DIR } from './noClientDir.ts';

/** A configuration for tests and benchmarks: the defaults plus the given overrides, PGlite in memory. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  // Round loops run only in the tests that ask for them (CRASH_ENABLED=true, WHEEL_ENABLED=true).
  // Test accounts are minutes old: code reveals are held for review only in the tests that ask for it.
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CLIENT_DIR: NO_CLIENT_DIR, DATA_DIR: 'memory://', SEED_DEMO: 'false', CRASH_ENABLED: 'false', WHEEL_ENABLED: 'false', CODE_REVIEW_ACCOUNT_DAYS: '0', CODE_REVIEW_ABOVE: '1000', ...overrides });
}
