import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { listNotifications, markRead } from '../../notifications/notifications.ts';

// GET /api/notifications → {data: {items, unread}}; POST /api/notifications/read {ids?} → the same
// after marking them read (signed in; docs/community.md, "Notifications").

export default async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.notifications, { onRequest: app.authenticate }, async (request) => ({ data: await listNotifications(app.db, requireUserId(request)) }));
  route(r, routes.notificationsRead, { onRequest: app.authenticate }, async (request) => ({ data: await markRead(app.db, requireUserId(request), request.body.ids) }));
}
