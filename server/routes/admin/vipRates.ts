import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/guard.ts';
import { setVipRates, vipTiers } from '../../vip/vip.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The console's VIP rates (docs/vip.md, "Rates"): every staff member sees them, only admins change
// them; each change is a new rates row with its audit row, in force for bets settled from then on.
export default async function vipRatesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  route(app, routes.adminVip, {}, async () => ({ data: await vipTiers(root.db) }));
  route(app, routes.adminVipUpdate, { config: { staffRole: 'admin' } }, async (request) => {
    await setVipRates(root.db, actorOf(request), request.params.tier, request.body);
    return { message: 'VIP rates saved.', data: await vipTiers(root.db) };
  });
}
