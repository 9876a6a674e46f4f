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
   * The page's code (its entry and every modulepreload, its own chunks included) is asked for only
   * after its first paint (core/codeAfterPaint.ts): on a page whose largest paint is the prerendered
   * one, the first paint then shares the network with no script, and Lighthouse's simulated LCP no
   * longer counts the scripts' bytes (docs/performance.md, "Code after the first paint"). Not on a
   * page whose largest paint needs its code (/boxes: the first box card's image, from the API).
   */
  codeAfterPaint: boolean;
}

/**
 * Pages the build prerendered (scripts/prerender.ts): their loading state (header, hero, reserved
 * lists, a game's panels around its scene's space) in a copy of index.html, so the first paint needs
 * no script. Served for exactly these paths (any query) when the build wrote them; without Chromium
 * at build time there are none and every page gets index.html. Same headers as index.html: no-cache,
 * revalidated by ETag.
 */
export const PRERENDERED_PAGES: Record<string, PrerenderedPage> = {
  '/': { file: 'prerendered/index.html', codeAfterPaint: true },
  '/boxes': { file: 'prerendered/boxes.html', codeAfterPaint: false },
  // The game pages: header, the page's layout with its scene's space reserved, the bet panel.
  '/dice': { file: 'prerendered/dice.html', codeAfterPaint: true },
  '/plinko': { file: 'prerendered/plinko.html', codeAfterPaint: true },
  '/upgrade': { file: 'prerendered/upgrade.html', codeAfterPaint: true },
  '/crash': { file: 'prerendered/crash.html', codeAfterPaint: true },
  '/wheel': { file: 'prerendered/wheel.html', codeAfterPaint: true },
  '/battles': { file: 'prerendered/battles.html', codeAfterPaint: true },
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
