import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { systemChromium } from './scripts/browser.ts';
import { i18nCatalogs } from './scripts/i18nCatalogs.ts';

// Three projects: node (core and server), jsdom (the React shell), browser (Pixi scenes in real Chromium).
// node runs its files without isolation: a worker imports the server's modules once, not once per
// file (258 s of imports in a 956 s stage; the node project 688 → 365 s on a loaded machine). Its
// tests mock no module, stub no global and change no environment variable, and state a module
// keeps for the process (the prepared-statement registry) is written for many apps in one process.
// node and jsdom run two files at once even on two cores (Vitest's default there is one): most
// server files wait on PGlite, PostgreSQL or sockets, so tests/server took 3.9 min with one worker
// and 2.6 with two on the same machine. The scenes keep one: their frame counts are timing-bound.
export default defineConfig({
  plugins: [i18nCatalogs(), react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          maxWorkers: 2,
          isolate: false,
          include: ['tests/core/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/architecture/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/money/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          maxWorkers: 2,
          include: ['tests/src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/src/setup.ts'],
        },
      },
      {
        extends: true,
        // tests/scenes/strictMode.test.tsx renders React in the browser: React is bundled up front,
        // else Vite discovers it mid-run and reloads the page under the test file.
        optimizeDeps: { include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-dev-runtime'] },
        test: {
          name: 'browser',
          maxWorkers: 1,
          include: ['tests/scenes/**/*.test.{ts,tsx}'],
          testTimeout: 60_000,
          // In CI a scene test that fails is tried once more, as a journey is (playwright.config.ts):
          // frames in software WebGL beside the server's files are at the machine's mercy. A retry
          // is named at the end of `npm test` with its first try's error, a flaky test to fix.
          retry: process.env.CI ? 1 : 0,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                // The same Chromium as the journeys (scripts/browser.ts).
                executablePath: systemChromium(),
                args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
