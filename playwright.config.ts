import { defineConfig, devices } from '@playwright/test';
import { journeyChromium, systemChromium } from './scripts/browser.ts';

// End-to-end journeys against the built product. Each worker starts its own server
// (tests/e2e/helpers/fixtures.ts: scripts/e2eServer.ts on a fresh data directory, seeded like a first
// `npm start`, on E2E_PORT + 20 + the worker's index), so two workers run side by side and every spec
// file starts from a server no other worker touches. A file may set its server's environment with
// `test.use({ journeyEnv })` (the crash journeys' chain): it then runs in a worker of its own.

// The page sweep: CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own build; the journeys: the
// headless shell where the system has it, else the same (scripts/browser.ts).
const launchIn = (executablePath: string | undefined) => ({
  executablePath,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});

/** The pictures' specs (project `visual`): the page sweep and the round games' replays, on servers no journey touches. */
const VISUAL_SPECS = ['visual.spec.ts', 'roundReplays.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  // Spec files are the unit of the journeys (a file's tests may build on each other); the page sweep's
  // loads are independent and spread over both workers. Two workers on two cores: most of a journey
  // is waiting on animations, rounds and the network, not on the processor.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // The timing reporter writes each project's minutes and the tests that passed only on retry (scripts/test.ts prints them).
  reporter: [['list'], ['./tests/e2e/helpers/timingReporter.ts']],
  use: {
    // A failed try keeps a screenshot of the page as it failed; a retry (CI retries once) records a
    // trace (every action with the page's DOM before and after it, the network, the console), kept
    // when it fails too. A first try records none: the DOM snapshots of every action cost languages,
    // games and chat 10 % of their processor and a tenth of their time (tests/README.md). Locally,
    // `--trace on` records one. The trace's screencast stays off: it encoded a picture of every frame
    // the page drew, and the scenes draw every frame (the sweep's scene shots 143 → 103 s without).
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    // The spec's language: a first visit follows the browser's (docs/i18n.md), so the journeys say which.
    locale: 'en-US',
    // The shop's service worker (docs/client-shell.md, "Installable app") is off in the journeys and the
    // sweep: each test's fresh context would install it and download its precache beside the test.
    // Its own journeys turn it on (`test.use({ serviceWorkers: 'allow' })`: installableApp.spec.ts, webPush.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    // Every spec but the pictures' (the page sweep and the round replays). The journeys run with
    // reduced motion unless their file says otherwise: software WebGL draws a frame in about a
    // second, so a journey playing full motion kept both cores busy waiting on animations (the
    // language journeys: 123 s and 231 s of processor with full motion, 45 s and 70 s with reduced
    // motion). A spec about motion says so at its top (`test.use({ reducedMotion: 'no-preference' })`,
    // the list is tests/README.md's), and the sweep's scene frames are full motion.
    {
      name: 'desktop',
      testIgnore: VISUAL_SPECS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce', launchOptions: launchIn(journeyChromium()) },
    },
    {
      name: 'visual',
      testMatch: VISUAL_SPECS,
      fullyParallel: true,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: launchIn(systemChromium()) },
    },
  ],
  // Tolerance of every baseline (docs/visual-qa.md): a shot fails once more than 400 pixels (or 1.5 %
  // of a small shot) differ by more than Playwright's default colour threshold. The ratio alone let a
  // changed accent colour or a dimmer glow through on a full page.
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixels: 400, maxDiffPixelRatio: 0.015, animations: 'disabled', caret: 'hide', scale: 'css' } },
  snapshotPathTemplate: '{testDir}/{testFileName}-snapshots/{arg}{ext}',
});
