import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/guard.ts';
import { adminRateView, ratedCurrencies, setDisplayRate } from '../../displayRates/displayRates.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The console's display-currency rates (docs/payments.md, "Display currencies"): every staff member
// sees them, only admins set them; each change is a new row with its audit row.
export default async function displayRatesAdminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  route(app, routes.adminDisplayRates, {}, async () => ({ data: (await ratedCurrencies(root.db)).map(adminRateView) }));
  route(app, routes.adminDisplayRateUpdate, { config: { staffRole: 'admin' } }, async (request) => {
    await setDisplayRate(root.db, actorOf(request), request.params.currency, request.body);
    return { message: 'Rate saved.', data: (await ratedCurrencies(root.db)).map(adminRateView) };
  });
}
