import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleAtLeast, FORBIDDEN_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE, type StaffRole } from '../../core/protocol/admin.ts';
import { HttpError, unauthenticated } from '../http/errors.ts';
import { staffRole } from './staff.ts';
import type { Actor } from './audit.ts';
import { isScraper } from '../metrics/scraperToken.ts';

// Every /api/admin route runs this guard (server/routes/admin/index.ts installs it for the whole
// area, so no route can be added without it): a signed-in player with a staff role at least the
// route's (`config.staffRole`, operator by default), whose session was signed in with a second
// factor: two-factor sign-in on, and the session started after it was turned on (a session from
// before signed in with the password alone). A player gets 403; a staff member without it too,
// with the reason.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least staff role an /api/admin route needs (operator when not given). */
    staffRole?: StaffRole;
    /** The route also answers the Prometheus scraper's bearer token (`METRICS_TOKEN`: server/metrics/scraperToken.ts). */
    scraperToken?: boolean;
  }
  interface FastifyRequest {
    /** The staff member's role on an /api/admin route, set by the guard. */
    staffRole: StaffRole | null;
  }
}

export const forbidden = (message = FORBIDDEN_MESSAGE) => new HttpError(403, { message, msg: message });

export function installStaffGuard(app: FastifyInstance): void {
  app.decorateRequest('staffRole', null);
  app.addHook('onRequest', async (request) => {
    // A scraper cannot sign in with a second factor: the metrics take its token instead of a staff session.
    if (request.routeOptions.config.scraperToken && isScraper(app.config.metrics.token, request)) return;
    if (request.userId === null || request.sessionId === null) throw unauthenticated();
    const role = await staffRole(app.db, request.userId);
    if (!roleAtLeast(role, request.routeOptions.config.staffRole ?? 'operator')) throw forbidden();
    const session = await app.db
      .selectFrom('sessions as s')
      .innerJoin('two_factor as t', 't.user_id', 's.user_id')
      .select('s.family_id')
      .where('s.family_id', '=', request.sessionId)
      .whereRef('s.created_at', '>=', 't.enabled_at')
      .executeTakeFirst();
    if (!session) throw forbidden(TWO_FACTOR_REQUIRED_MESSAGE);
    request.staffRole = role;
  });
}

/** The audit log's actor of a console request (behind the guard). */
export function actorOf(request: FastifyRequest): Actor {
  if (request.userId === null) throw unauthenticated();
  return { userId: request.userId, address: request.ip };
}
