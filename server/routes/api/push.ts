import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { pushBrowsers, subscribePush, unsubscribePush, vapidKeys } from '../../notifications/webPush.ts';

// GET /api/push/key (public); GET, PUT /api/push/subscriptions and POST /api/push/subscriptions/remove
// (signed in) (docs/community.md, "Web push").

export default async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { publicKey } = vapidKeys(app.config.appSecret);
  route(r, routes.pushKey, {}, async () => ({ data: { public_key: publicKey } }));
  route(r, routes.pushSubscriptions, { onRequest: app.authenticate }, async (request) => ({ data: await pushBrowsers(app.db, requireUserId(request)) }));
  route(r, routes.pushSubscribe, { onRequest: app.authenticate }, async (request) => ({ data: await subscribePush(app.db, app.config.pushServices, requireUserId(request), request.body) }));
  route(r, routes.pushUnsubscribe, { onRequest: app.authenticate }, async (request) => ({ data: await unsubscribePush(app.db, requireUserId(request), request.body.endpoint) }));
}
