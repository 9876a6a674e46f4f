import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminWithdrawalPageSchema, AdminWithdrawalsQuerySchema, SHIPPING_PER_PAGE, WithdrawalMoveSchema } from '../../../core/protocol/adminShipping.ts';
import { AdminMessageSchema } from '../../../core/protocol/adminCodes.ts';
import { actorOf } from '../../admin/guard.ts';
import { paged } from '../../boxes/paging.ts';
import { moveInQueue, shippingQueue } from '../../shipping/shippingQueue.ts';

// The shipping queue (docs/operator-console.md, "Shipping"): list and move deliveries and crypto withdrawals.
export default async function shippingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

  app.get('/api/admin/withdrawals', { schema: { querystring: AdminWithdrawalsQuerySchema, response: { 200: AdminWithdrawalPageSchema } } }, async (request) => {
    const { page, status, type, user_id } = request.query;
    const { rows, total } = await shippingQueue(root.db, { status, type, userId: user_id }, { page, perPage: SHIPPING_PER_PAGE });
    return paged(rows, total, { page, perPage: SHIPPING_PER_PAGE }, '/api/admin/withdrawals', { status, type, user_id });
  });

  app.post('/api/admin/withdrawals/:id/move', { schema: { params, body: WithdrawalMoveSchema, response: { 200: AdminMessageSchema } } }, async (request) => {
    const message = await moveInQueue(root, actorOf(request), request.params.id, request.body.to, request.body.tracking_number);
    return { message };
  });
}
