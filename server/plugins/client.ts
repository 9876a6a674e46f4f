import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

// Serves the Vite-built client. Unknown API-like paths answer 404 JSON; any other GET path gets
// index.html so the client router renders the page (or its own 404 page).
// The build writes .br and .gz beside each file (scripts/precompress.ts), sent as they are.
// Hashed /assets/* never change under their name: cached for a year. Everything else (index.html,
// favicon) is revalidated each time by its ETag, so a deploy shows at once (docs/performance.md).
export const API_PREFIXES = ['/api/', '/oauth/', '/social/', '/broadcasting/', '/app/', '/socket.io/'];

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface PrerenderedPage {
  /** The copy of index.html the build wrote for this path, under the client's folder. */
  file: string;
  /**
   * A scene page: its copy does not modulepreload the page's own code (Pixi and the scene, about
   * 150 KiB brotli); the entry asks for it when it runs (src/main.tsx, preloadPrerendered).
   * Lighthouse's simulated LCP counts every request that finished before the observed LCP paint, and
   * on these pages that paint is the prerendered one: preloaded, those chunks added up to 1.9 s to it
   * (docs/performance.md, "Prerendered pages"). Their stylesheets stay: the first paint needs them.
   */
  codeAfterEntry: boolean;
}

/**
 * Pages the build prerendered (scripts/prerender.ts): their loading state (header, hero, reserved
 * lists, a game's panels around its scene's space) in a copy of index.html, so the first paint needs
 * no script. Served for exactly these paths (any query) when the build wrote them; without Chromium
 * at build time there are none and every page gets index.html. Same headers as index.html: no-cache,
 * revalidated by ETag.
 */
export const PRERENDERED_PAGES: Record<string, PrerenderedPage> = {
  '/': { file: 'prerendered/index.html', codeAfterEntry: false },
  '/boxes': { file: 'prerendered/boxes.html', codeAfterEntry: false },
  // The game pages: header, the page's layout with its scene's space reserved, the bet panel.
  '/dice': { file: 'prerendered/dice.html', codeAfterEntry: true },
  '/plinko': { file: 'prerendered/plinko.html', codeAfterEntry: true },
  '/upgrade': { file: 'prerendered/upgrade.html', codeAfterEntry: true },
  '/crash': { file: 'prerendered/crash.html', codeAfterEntry: true },
  '/wheel': { file: 'prerendered/wheel.html', codeAfterEntry: true },
  // No scene: its code is light and preloaded with the page (92 with it, 83 without in one run).
  '/battles': { file: 'prerendered/battles.html', codeAfterEntry: false },
};

export async function serveClient(app: FastifyInstance): Promise<void> {
  const root = path.resolve(app.config.clientDir);
  const hasClient = existsSync(path.join(root, 'index.html'));
  const prerendered = new Map(
    Object.entries(PRERENDERED_PAGES)
      .map(([route, page]) => [route, page.file] as const)
      .filter(([, file]) => existsSync(path.join(root, file))),
  );
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(root, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p) || `${url}/` === p);
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not Found' });
    }
    if (!hasClient) {
      return reply.code(503).type('text/plain').send('The client is not built yet: run `npm run build`.');
    }
    if (url.startsWith('/assets/')) return reply.code(404).send({ message: 'Not Found' });
    return reply.sendFile(prerendered.get(url) ?? 'index.html');
  });
}
