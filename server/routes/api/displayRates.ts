import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { displayRates } from '../../displayRates/displayRates.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The display currencies' rates every page may read (docs/payments.md, "Display currencies"): public,
// the same for everyone.
export default async function displayRatesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  route(app, routes.displayRates, {}, async () => ({ data: await displayRates(root.db) }));
}
