import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pageFiles, type Manifest } from './budgets.ts';

// The installable app (docs/client-shell.md, "Installable app"): the web app manifest and the one
// service worker (src/serviceWorker/sw.ts), built by vite-plugin-pwa with Workbox's injectManifest.
// The worker is registered by index.html's inline script (core/serviceWorkerBoot.ts), not by the
// plugin's registration module, so the first load carries no script for it.

/** The site's theme: the header's colour (index.html's theme-color) and the page background (--bg-0). */
export const THEME_COLOUR = '#0b0b1a';
export const BACKGROUND_COLOUR = '#05051a';

/**
 * What the worker precaches of the build: the shell, i.e. the entry and the home page's code and
 * styles (the files scripts/budgets.ts counts for home), the Latin fonts, our SVG art, the icons, the
 * manifest and the offline page. Every other page's code is kept by the worker as it is first used
 * (the precache would otherwise download every game's scene, some 700 KiB, on a first visit).
 */
export function shellEntries<T extends { url: string }>(entries: T[], viteManifest: Manifest): T[] {
  const shell = pageFiles(viteManifest, 'src/pages/home/HomePage.tsx');
  const wanted = new Set([...shell.js, ...shell.css]);
  return entries.filter(({ url }) => {
    if (/\.(js|css)$/.test(url)) return wanted.has(url);
    if (url.endsWith('.woff2')) return /-latin-(ext-)?wght-/.test(url);
    return true;
  });
}

export function installableApp(): Plugin[] {
  let outDir = 'dist/client';
  const outDirOf: Plugin = {
    name: 'shop:installable-app-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
  return [
    outDirOf,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/serviceWorker',
      filename: 'sw.ts',
      injectRegister: false,
      // The icons are precached by the glob below.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Open Mystery Boxes | Provably Fair and Authentic',
        short_name: 'Mystery Box',
        description: 'Mystery boxes, battles and games with a coin balance; every outcome provably fair.',
        lang: 'en-US',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        categories: ['games', 'entertainment', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['assets/*.{js,css,svg,woff2}', 'icons/*.png', 'favicon.svg', 'offline.html'],
        // Hashed names need no revision of their own.
        dontCacheBustURLsMatching: /^assets\//,
        manifestTransforms: [
          (entries) => ({ manifest: shellEntries(entries, JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest), warnings: [] }),
        ],
      },
    }),
  ];
}
