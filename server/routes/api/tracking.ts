import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordVisit, visitorKey } from '../../tracking/trackingLinks.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// GET /api/tl/{utm_source} (docs/product.md §7; docs/community.md): one visit of a tracking link.
export default async function trackingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  route(app, routes.trackingLink, {}, async (request) => {
    const source = request.params.utm_source;
    return { data: { token: await recordVisit(app.db, source, request.query, visitorKey(app.config.appSecret, request.ip)), source } };
  });
}
