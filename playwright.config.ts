import { defineConfig, devices } from '@playwright/test';
import { journeyChromium, systemChromium } from './scripts/browser.ts';

// End-to-end journeys against the built product, served by `node server/main.ts` on a fresh
// in-memory-like data directory so every run starts from the seeded demo state.
const port = Number(process.env.E2E_PORT ?? 3100);
// The page sweep (tests/e2e/visual.spec.ts, docs/visual-qa.md: one load of every route at both sizes
// for its visual baseline, layout shift, axe and sideways scrolling, plus the scenes' final frames)
// gets a server of its own on a fresh data directory, so no other spec's bets, drops or players reach
// its pictures.
const visualPort = Number(process.env.E2E_VISUAL_PORT ?? port + 10);
const server = (serverPort: number) => ({
  command: `node scripts/e2eServer.ts`,
  url: `http://127.0.0.1:${serverPort}/api/ready`,
  reuseExistingServer: false,
  timeout: 120_000,
  // The journeys' players are minutes old: their gift-card codes are revealed at once, not held for review.
  env: { PORT: String(serverPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', CLIENT_DIR: process.env.CLIENT_DIR ?? './dist/client', CODE_REVIEW_ACCOUNT_DAYS: '0', CODE_REVIEW_ABOVE: '1000' },
});
// The page sweep: CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own build; the journeys: the
// headless shell where the system has it, else the same (scripts/browser.ts).
const launchIn = (executablePath: string | undefined) => ({
  executablePath,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // The timing reporter writes each project's minutes and the tests that passed only on retry (scripts/test.ts prints them).
  reporter: [['list'], ['./tests/e2e/helpers/timingReporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    // Every spec but the page sweep, on the journeys' server.
    { name: 'desktop', testIgnore: 'visual.spec.ts', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: launchIn(journeyChromium()) } },
    {
      name: 'visual',
      testMatch: 'visual.spec.ts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, baseURL: `http://127.0.0.1:${visualPort}`, launchOptions: launchIn(systemChromium()) },
    },
  ],
  // Tolerance of every baseline (docs/visual-qa.md): a shot fails once more than 400 pixels (or 1.5 %
  // of a small shot) differ by more than Playwright's default colour threshold. The ratio alone let a
  // changed accent colour or a dimmer glow through on a full page.
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixels: 400, maxDiffPixelRatio: 0.015, animations: 'disabled', caret: 'hide', scale: 'css' } },
  snapshotPathTemplate: '{testDir}/{testFileName}-snapshots/{arg}{ext}',
  webServer: [server(port), server(visualPort)],
});
