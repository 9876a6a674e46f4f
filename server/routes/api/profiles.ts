import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { notFound } from '../../http/errors.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { PLAYER_NOT_FOUND } from '../../../core/protocol/pathParams.ts';
import { hiddenStats, publicProfile, setHiddenStats, setStreamerMode } from '../../profiles/publicProfile.ts';

// GET /api/players/{name} → {data: PublicProfile} or 404 {message, msg} (public); GET and PUT
// /api/profile/public → {data: {hidden}} (signed in) (docs/community.md, "Public profiles"); PUT
// /api/profile/streamer-mode {on} → {data: {on}} (signed in; "Streamer mode").

export default async function profilesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.publicProfile, {}, async (request) => {
    const profile = await publicProfile(app.db, request.params.name);
    if (!profile) throw notFound(PLAYER_NOT_FOUND);
    return { data: profile };
  });
  route(r, routes.publicProfileSettings, { onRequest: app.authenticate }, async (request) => ({ data: { hidden: await hiddenStats(app.db, requireUserId(request)) } }));
  route(r, routes.publicProfileSettingsSet, { onRequest: app.authenticate }, async (request) => ({ data: { hidden: await setHiddenStats(app.db, requireUserId(request), request.body.hidden) } }));
  route(r, routes.streamerMode, { onRequest: app.authenticate }, async (request) => ({ data: { on: await setStreamerMode(app.db, requireUserId(request), request.body.on) } }));
}
