import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import { msgError } from '../../http/errors.ts';
import { KYC_DOCUMENT_KINDS, KYC_MAX_DOCUMENT_BYTES, KYC_MSG } from '../../../core/protocol/kyc.ts';
import { kycStatus, ownApplicant, saveDetails, startCheck } from '../../kyc/applications.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The player's verification (docs/kyc.md): their level and details, the start of a document check,
// and — while the sandbox is the provider — the sandbox's upload page's calls, each on the player's
// own check only.

export default async function kycRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  route(app, routes.kycStatus, auth, async (request) => ({ data: await kycStatus(app.db, requireUserId(request)) }));

  route(app, routes.kycDetails, auth, async (request) => {
    const userId = requireUserId(request);
    await saveDetails(app.db, userId, request.body);
    return { msg: KYC_MSG.detailsSaved, data: await kycStatus(app.db, userId) };
  });

  route(app, routes.kycStart, auth, async (request) => ({ data: { redirect_url: await startCheck(app.db, app.kyc, requireUserId(request)) } }));

  const sandbox = app.kycSandbox;
  if (!sandbox) return;

  async function applicantAnswer(applicantId: string, status: Awaited<ReturnType<typeof ownApplicant>>['status']) {
    const documents = await sandbox!.documents(applicantId);
    return { data: { applicant_id: applicantId, status, documents: documents.map((d) => ({ kind: d.kind, content_type: d.content_type })) } };
  }

  route(app, routes.sandboxKyc, auth, async (request) => {
    const { applicantId } = request.params;
    return applicantAnswer(applicantId, (await ownApplicant(app.db, requireUserId(request), applicantId)).status);
  });

  route(app, routes.sandboxKycUpload, auth, async (request) => {
    const { applicantId } = request.params;
    const { status } = await ownApplicant(app.db, requireUserId(request), applicantId);
    if (status !== 'started') throw msgError(409, KYC_MSG.inReview);
    const bytes = Buffer.from(request.body.data, 'base64');
    if (bytes.length === 0 || bytes.length > KYC_MAX_DOCUMENT_BYTES) throw msgError(422, 'The file is empty or larger than 512 KB.');
    await sandbox.upload(applicantId, request.body.kind, request.body.content_type, bytes);
    return applicantAnswer(applicantId, status);
  });

  route(app, routes.sandboxKycSubmit, auth, async (request) => {
    const { applicantId } = request.params;
    const { status } = await ownApplicant(app.db, requireUserId(request), applicantId);
    if (status !== 'started') throw msgError(409, KYC_MSG.inReview);
    const kinds = new Set((await sandbox.documents(applicantId)).map((d) => d.kind));
    if (!KYC_DOCUMENT_KINDS.every((k) => kinds.has(k))) throw msgError(422, KYC_MSG.bothDocuments);
    await sandbox.submit(applicantId);
    return { msg: KYC_MSG.submitted };
  });
}
