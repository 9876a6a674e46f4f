import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SETTLE_OUTCOME_HEADER, settlePayment } from '../../payments/settlePayment.ts';
import { msgError, notFound } from '../../http/errors.ts';
import { PaymentCallbackAckSchema } from '../../../core/protocol/deposit.ts';

// Provider callbacks: POST /api/payments/{gateway}/callback. Signatures are computed over the exact
// bytes the provider sent, so this plugin scope replaces the body parsers with one that keeps the
// raw body as a Buffer (the rest of the API keeps its JSON and form parsers).
export default async function paymentRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // The body is the provider's own signed format (read raw); the acknowledgement is what the provider expects.
  const Params = z.object({ gateway: z.string() });
  app.post<{ Params: z.infer<typeof Params> }>('/api/payments/:gateway/callback', { schema: { params: Params, response: { 200: PaymentCallbackAckSchema } } }, async (request, reply) => {
    const gateways = app.payments;
    const verifier = gateways.callbacks.get(request.params.gateway);
    if (!verifier) throw notFound();
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!verifier.verify(raw, request.headers)) {
      request.log.warn({ gateway: verifier.provider }, 'payment callback with a bad signature');
      throw msgError(403, 'Invalid signature');
    }
    const parsed = verifier.parse(raw, request.headers);
    if (parsed.kind === 'ignore') {
      request.log.info({ gateway: verifier.provider, reason: parsed.reason }, 'payment callback ignored');
    } else {
      const outcome = await settlePayment(app.wallet, verifier.provider, parsed.event, raw.toString('utf8'), { bus: app.bus, appSecret: app.config.appSecret });
      request.log.info({ gateway: verifier.provider, txId: parsed.event.providerTxId, outcome }, 'payment callback settled');
      // Providers ignore it; the sandbox checkout reads it to tell the one completion that settled from duplicates.
      reply.header(SETTLE_OUTCOME_HEADER, outcome);
    }
    const ack = verifier.acknowledge();
    return reply.code(ack.status).send(ack.body);
  });
}
