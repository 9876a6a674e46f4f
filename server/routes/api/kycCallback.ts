import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { msgError, notFound } from '../../http/errors.ts';
import { applyKycCallback } from '../../kyc/applications.ts';

// The KYC provider's callbacks: POST /api/kyc/{provider}/callback (docs/kyc.md). The signature is
// computed over the exact bytes the provider sent, so this scope keeps the raw body (as the payment
// callbacks' does). A callback for an unknown applicant, or one already applied, is acknowledged and
// changes nothing: providers deliver again until they are answered 200.
export default async function kycCallbackRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const Params = z.object({ provider: z.string() });
  app.post<{ Params: z.infer<typeof Params> }>('/api/kyc/:provider/callback', { schema: { params: Params, response: { 200: z.object({ status: z.literal('ok') }) } } }, async (request) => {
    const provider = app.kyc;
    if (!provider || provider.name !== request.params.provider) throw notFound();
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!provider.verify(raw, request.headers)) {
      request.log.warn({ provider: provider.name }, 'KYC callback with a bad signature');
      throw msgError(403, 'Invalid signature');
    }
    const event = provider.parse(raw);
    const applied = event ? await applyKycCallback(app.db, event) : false;
    request.log.info({ provider: provider.name, type: event?.type ?? null, applied }, 'KYC callback');
    return { status: 'ok' as const };
  });
}
