import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { websocketOnly } from './scripts/websocketOnly.ts';
import { graphemeSplit } from './scripts/graphemeSplit.ts';
import { preloadSlices } from './scripts/preloadSlices.ts';
import { SESSION_MARK_SCRIPT } from './core/sessionMark.ts';
import { SERVICE_WORKER_BOOT_SCRIPT } from './core/serviceWorkerBoot.ts';
import { installableApp } from './scripts/installableApp.ts';
import { i18nCatalogs } from './scripts/i18nCatalogs.ts';

/**
 * index.html's inline scripts, their hashes in the CSP: the session mark, first in <head>
 * (core/sessionMark.ts), and the service worker's registration and install offer (core/serviceWorkerBoot.ts).
 */
function sessionMark(): Plugin {
  return {
    name: 'shop:session-mark',
    transformIndexHtml: () => [
      { tag: 'script', children: SESSION_MARK_SCRIPT, injectTo: 'head-prepend' },
      { tag: 'script', children: SERVICE_WORKER_BOOT_SCRIPT, injectTo: 'head' },
    ],
  };
}

/**
 * react-router's package exports resolve to its development build under every condition (its issue
 * #14102), whose `ENABLE_DEV_WARNINGS` keeps the route warnings' code and their checks in a production
 * bundle. The client's production build takes the production build it ships beside it (the same files
 * with that flag off); development and the tests keep the package's own resolution
 * (tests/architecture/productionRouter.test.ts).
 */
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

// The client build. In development the API is proxied to the Node server on :3000.
export default defineConfig(({ mode }) => ({
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  plugins: [i18nCatalogs(), react(), websocketOnly(), graphemeSplit(), preloadSlices(), precompress(), sessionMark(), ...installableApp()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/oauth': 'http://localhost:3000',
      '/social': 'http://localhost:3000',
      '/broadcasting': 'http://localhost:3000',
      '/app': { target: 'ws://localhost:3000', ws: true },
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
}));
