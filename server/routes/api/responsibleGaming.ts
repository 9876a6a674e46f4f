import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import { unauthenticated } from '../../http/errors.ts';
import { responsibleState, setLimit, setRealityCheck, takeBreak } from '../../responsible/settings.ts';
import { playSession } from '../../responsible/playSession.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The responsible-gaming page's calls (docs/account-safety.md, "Limits and exclusions"). Every
// change answers the whole state, so the page shows what the server now enforces. There is no
// route that ends or shortens a break.
//   GET  /api/profile/responsible-gaming                  → {data: {limits, exclusion, reality_check_minutes}}
//   PUT  /api/profile/responsible-gaming/limits           {kind, period, amount|null}
//   POST /api/profile/responsible-gaming/exclusion        {choice}
//   PUT  /api/profile/responsible-gaming/reality-check    {minutes|null}
//   GET  /api/profile/play-session                        → the signed-in session's minutes and net result
export default async function responsibleGamingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const now = () => new Date(app.clock.now());

  route(r, routes.responsibleState, auth, async (request) => responsibleState(app.db, requireUserId(request), now()));

  route(r, routes.responsibleLimits, auth, async (request) => {
    const userId = requireUserId(request);
    await setLimit(app.db, userId, request.body.kind, request.body.period, request.body.amount, now());
    return responsibleState(app.db, userId, now());
  });

  route(r, routes.responsibleExclusion, auth, async (request) => {
    const userId = requireUserId(request);
    await takeBreak(app.db, userId, request.body.choice, now());
    return responsibleState(app.db, userId, now());
  });

  route(r, routes.responsibleRealityCheck, auth, async (request) => {
    const userId = requireUserId(request);
    await setRealityCheck(app.db, userId, request.body.minutes);
    return responsibleState(app.db, userId, now());
  });

  route(r, routes.playSession, auth, async (request) => {
    if (request.tokenHash === null) throw unauthenticated();
    return playSession(app.db, requireUserId(request), request.tokenHash, now());
  });
}
