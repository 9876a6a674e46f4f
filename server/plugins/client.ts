import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

// Serves the Vite-built client. Unknown API-like paths answer 404 JSON; any other GET path gets
// index.html so the client router renders the page (or its own 404 page).
const API_PREFIXES = ['/api/', '/oauth/', '/social/', '/broadcasting/', '/app/', '/socket.io/'];

export async function serveClient(app: FastifyInstance): Promise<void> {
  const root = path.resolve(app.config.clientDir);
  const hasClient = existsSync(path.join(root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', immutable: false });
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
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
