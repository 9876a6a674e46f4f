import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodeReviewListSchema } from '../../../core/protocol/adminCodeReviews.ts';
import { AdminMessageSchema } from '../../../core/protocol/adminCodes.ts';
import { actorOf } from '../../admin/guard.ts';
import { decideCodeReview, listCodeReviews } from '../../inventory/codeReviews.ts';

// Digital code reveals held for review (docs/operator-console.md, "Code reveals"): list, approve, reject.
export default async function codeReviewRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

  app.get('/api/admin/code-reviews', { schema: { response: { 200: CodeReviewListSchema } } }, async () => listCodeReviews(root.db));

  app.post('/api/admin/code-reviews/:id/approve', { schema: { params, response: { 200: AdminMessageSchema } } }, async (request) => {
    await decideCodeReview(root.db, actorOf(request), request.params.id, true);
    return { message: 'Approved: the player sees the code in their inventory.' };
  });

  app.post('/api/admin/code-reviews/:id/reject', { schema: { params, response: { 200: AdminMessageSchema } } }, async (request) => {
    await decideCodeReview(root.db, actorOf(request), request.params.id, false);
    return { message: 'Rejected: the item is back in the player\'s inventory.' };
  });
}
