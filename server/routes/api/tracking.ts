import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trackingParams, trackingQuery, trackingResponse } from '../../../core/protocol/tracking.ts';
import { recordVisit, visitorKey } from '../../tracking/trackingLinks.ts';

// GET /api/tl/{utm_source} (docs/product.md §7; docs/community.md): one visit of a tracking link.
export default async function trackingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/tl/:utm_source', { schema: { params: trackingParams, querystring: trackingQuery, response: { 200: trackingResponse } } }, async (request) => {
    const source = request.params.utm_source;
    return { data: { token: await recordVisit(app.db, source, request.query, visitorKey(app.config.appSecret, request.ip)), source } };
  });
}
