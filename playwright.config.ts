import { defineConfig, devices } from '@playwright/test';
import { systemChromium } from './scripts/browser.ts';

// End-to-end journeys against the built product, served by `node server/main.ts` on a fresh
// in-memory-like data directory so every run starts from the seeded demo state.
const port = Number(process.env.E2E_PORT ?? 3100);
// CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own build (scripts/browser.ts).
const chromium = systemChromium();

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    command: `node scripts/e2eServer.ts`,
    url: `http://127.0.0.1:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', CLIENT_DIR: process.env.CLIENT_DIR ?? './dist/client' },
  },
});
