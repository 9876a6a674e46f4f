import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SHIPPING_PER_PAGE } from '../../../core/protocol/adminShipping.ts';
import { actorOf } from '../../admin/guard.ts';
import { paged } from '../../boxes/paging.ts';
import { moveInQueue, shippingQueue } from '../../shipping/shippingQueue.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The shipping queue (docs/operator-console.md, "Shipping"): list and move deliveries and crypto withdrawals.
export default async function shippingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(app, routes.adminWithdrawals, {}, async (request) => {
    const { page, status, type, user_id } = request.query;
    const { rows, total } = await shippingQueue(root.db, { status, type, userId: user_id }, { page, perPage: SHIPPING_PER_PAGE });
    return paged(rows, total, { page, perPage: SHIPPING_PER_PAGE }, '/api/admin/withdrawals', { status, type, user_id });
  });

  route(app, routes.adminWithdrawalMove, {}, async (request) => {
    const message = await moveInQueue(root, actorOf(request), request.params.id, request.body.to, request.body.tracking_number);
    return { message };
  });
}
