import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userIdForToken } from '../accounts/tokens.ts';
import { unauthenticated } from '../http/errors.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

// Every request learns who sent it (userId or null). Routes that need a player add
// `preHandler: app.authenticate`.
export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    request.userId = token ? await userIdForToken(app.db, token) : null;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (request.userId === null) throw unauthenticated();
  });
}

/** The signed-in player's id inside a route behind `app.authenticate`. */
export function requireUserId(request: FastifyRequest): number {
  if (request.userId === null) throw unauthenticated();
  return request.userId;
}
