import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/guard.ts';
import { msgError } from '../../http/errors.ts';
import { KYC_MSG } from '../../../core/protocol/kyc.ts';
import { kycDocument, kycQueue, reviewCheck } from '../../kyc/applications.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The console's KYC queue (docs/kyc.md, "Review"): every staff role sees the checks and their
// documents and reviews them (audited `kyc.review`). A document is sent with its own type, never
// cached, and as an attachment unless it is a picture the page shows.

export default async function kycAdminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const provider = () => {
    if (!root.kyc) throw msgError(503, KYC_MSG.unavailable);
    return root.kyc;
  };

  route(app, routes.adminKycQueue, {}, async (request) => ({ data: root.kyc ? await kycQueue(root.db, root.kyc, request.query.status) : [] }));

  route(app, routes.adminKycDocument, {}, async (request, reply) => {
    const document = await kycDocument(root.db, provider(), request.params.id, request.params.documentId);
    reply.header('content-type', document.contentType).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    if (!document.contentType.startsWith('image/')) reply.header('content-disposition', 'attachment');
    return reply.send(document.bytes);
  });

  route(app, routes.adminKycReview, {}, async (request) => ({ message: KYC_MSG.reviewed, data: await reviewCheck(root.db, provider(), actorOf(request), request.params.id, request.body) }));
}
