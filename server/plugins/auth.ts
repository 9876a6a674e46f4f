import type { FastifyInstance, FastifyRequest } from 'fastify';
import { liveTokenOwner, tokenHash } from '../accounts/tokens.ts';
import { createTokenOwners } from '../accounts/tokenOwners.ts';
import { createLastSeen } from '../accounts/sessions.ts';
import { unauthenticated } from '../http/errors.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

// Every request learns who sent it (userId or null) and its session (sessionId, the token family)
// from its bearer token, looked up in the database; the session's last-seen time is written at most
// once a minute (accounts/sessions.ts). Routes that need a player add `onRequest: app.authenticate`.
//
// The exception is a route with `config: { tokenCheckedBySettlement: true }` (the instant bets, paid box openings, the
// crash cash-out): there a token this process has seen alive before is taken at its word for the
// moment, and the route's one settling statement checks it (live, not revoked, this user's) together
// with what it settles, so a revoked or expired token still writes nothing. Such a route reaches its
// player only through `settlementPlayer`, whose `confirm` does the lookup after all before anything
// is written outside that statement or any answer but the statement's is given (the cash-out reads
// the player's open bet to price it first; nothing of that read leaves the server unconfirmed). It
// saves the request a round trip.
export function installAuth(app: FastifyInstance): void {
  app.decorate('tokenOwners', createTokenOwners());
  const lastSeen = createLastSeen(app.db);
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('tokenHash', null);
  app.decorateRequest('tokenConfirmed', false);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    request.tokenHash = tokenHash(token);
    if (request.routeOptions.config.tokenCheckedBySettlement) {
      const userId = app.tokenOwners.get(request.tokenHash);
      if (userId !== undefined) {
        request.userId = userId;
        return;
      }
    }
    await confirmToken(app, request);
    if (request.sessionId) await lastSeen(request.sessionId);
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (request.userId === null) throw unauthenticated();
  });
}

/** Looks the request's token up in the database and sets userId from it (null when not live). */
async function confirmToken(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const hash = request.tokenHash!;
  const owner = await liveTokenOwner(app.db, hash);
  request.tokenConfirmed = true;
  request.userId = owner?.userId ?? null;
  request.sessionId = owner?.familyId ?? null;
  if (owner) app.tokenOwners.remember(hash, owner);
  else app.tokenOwners.forget(hash);
}

/** The signed-in player's id inside a route behind `app.authenticate`. */
export function requireUserId(request: FastifyRequest): number {
  if (request.userId === null) throw unauthenticated();
  // A route that lets its settlement check the token must not act on the player before that.
  if (!request.tokenConfirmed) throw new Error(`${request.routeOptions.url} reads the player before the token is confirmed; use settlementPlayer`);
  return request.userId;
}

/** The player of a route whose settling statement checks the token itself (instant bets, the crash cash-out). */
export interface SettlementPlayer {
  userId: number;
  /** For the settling statement's own token check. */
  tokenHash: string;
  /** Checks the token in the database (once) and throws the 401 unless it is still this player's. */
  confirm(): Promise<void>;
}

export function settlementPlayer(app: FastifyInstance, request: FastifyRequest): SettlementPlayer {
  const userId = request.userId;
  if (userId === null || request.tokenHash === null) throw unauthenticated();
  return {
    userId,
    tokenHash: request.tokenHash,
    async confirm() {
      if (!request.tokenConfirmed) await confirmToken(app, request);
      if (request.userId !== userId) throw unauthenticated();
    },
  };
}
