import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/guard.ts';
import { decideCodeReview, listCodeReviews } from '../../inventory/codeReviews.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Digital code reveals held for review (docs/operator-console.md, "Code reveals"): list, approve, reject.
export default async function codeReviewRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(app, routes.adminCodeReviews, {}, async () => listCodeReviews(root.db));

  route(app, routes.adminCodeReviewApprove, {}, async (request) => {
    await decideCodeReview(root.db, actorOf(request), request.params.id, true);
    return { message: 'Approved: the player sees the code in their inventory.' };
  });

  route(app, routes.adminCodeReviewReject, {}, async (request) => {
    await decideCodeReview(root.db, actorOf(request), request.params.id, false);
    return { message: 'Rejected: the item is back in the player\'s inventory.' };
  });
}
