import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// This node's metrics for Prometheus (docs/operations.md): operators through the console's guard, or
// the scraper with METRICS_TOKEN (server/metrics/scraperToken.ts). Each node answers its own figures;
// Prometheus scrapes every node.
export default async function metricsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  route(app, routes.adminMetrics, { config: { scraperToken: true } }, async (_request, reply) =>
    reply.header('content-type', root.metrics.contentType).header('cache-control', 'no-store').send(await root.metrics.text()),
  );
}
