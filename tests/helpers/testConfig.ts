import { loadConfig, type Config } from '../../server/config.ts';
import { NO_CLIENT_DIR } from './noClientDir.ts';

/**
 * PGlite's buffer pool in the tests (the test apps, the migrated image, the journey servers):
 * PostgreSQL touches all of its shared_buffers as it starts, and on this machine each page a process
 * touches first costs about 12 µs, so a start from the migrated image took 1.9 s of processor with
 * the default 128MB and 1.4 s with 16MB (98k → 64k page faults). A test database holds a few MB.
 */
export const TEST_PGLITE_SHARED_BUFFERS = '16MB';

/** A configuration for tests and benchmarks: the defaults plus the given overrides, PGlite in memory. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  // Round loops run only in the tests that ask for them (CRASH_ENABLED=true, WHEEL_ENABLED=true).
  // Test accounts are minutes old: code reveals are held for review only in the tests that ask for it.
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CLIENT_DIR: NO_CLIENT_DIR, DATA_DIR: 'memory://', PGLITE_SHARED_BUFFERS: TEST_PGLITE_SHARED_BUFFERS, SEED_DEMO: 'false', CRASH_ENABLED: 'false', WHEEL_ENABLED: 'false', CODE_REVIEW_ACCOUNT_DAYS: '0', CODE_REVIEW_ABOVE: '1000', ...overrides });
}
