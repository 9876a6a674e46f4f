import { randomBytes } from 'node:crypto';
import type { Config } from '../server/config.ts';
import { testConfig } from '../tests/helpers/testConfig.ts';

// The configuration of the app a throughput bench serves: the tests' (no client, no demo seed, the
// round loops off) but NODE_ENV=production, as the product runs. Outside production every answer is
// also checked against its route's schema on its way out (server/http/responseContract.ts: the
// serialised answer parsed back and compared, ~10 µs a request), work a deployed node does not do
// and the bench should not charge to it. Production refuses the embedded secrets: random ones here.

export function benchServerConfig(overrides: Record<string, string>): Config {
  const secret = () => randomBytes(24).toString('hex');
  return testConfig({ NODE_ENV: 'production', APP_SECRET: secret(), PUSHER_SECRET: secret(), LOG_LEVEL: 'silent', ...overrides });
}
