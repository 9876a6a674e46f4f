import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import { msgError, notFound } from '../../http/errors.ts';
import { sandboxCardToken, signedSandboxCallback, signedSandboxCryptoCallback } from '../../payments/sandbox/sandboxGateway.ts';
import { type SandboxInvoiceAnswer } from '../../../core/protocol/deposit.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { SETTLE_OUTCOME_HEADER } from '../../payments/settlePayment.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The sandbox provider's side: its checkout page's calls and the simulated crypto transfer.
// Registered only while the sandbox is the active gateway (no provider keys). Completing a
// checkout does not touch the wallet here: it posts a signed callback to our own callback route
// (app.inject: the full HTTP pipeline, raw-body parser and signature check included).
export default async function sandboxRoutes(root: FastifyInstance) {
  const gateways = root.payments;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: root.authenticate };

  async function ownInvoice(invoiceId: number, userId: number) {
    const invoice = await root.db
      .selectFrom('invoices')
      .select(['id', 'user_id', 'amount', 'bonus', 'gateway', 'status', 'provider'])
      .where('id', '=', invoiceId)
      .executeTakeFirst();
    if (!invoice || invoice.user_id !== userId || invoice.provider !== 'sandbox') throw notFound('Invoice not found');
    return invoice;
  }

  /** Posts the signed callback; answers the settlement's outcome (`duplicate` when another delivery settled it). */
  async function deliver(url: string, signed: { raw: string; headers: Record<string, string> }): Promise<string> {
    const response = await root.inject({ method: 'POST', url, payload: signed.raw, headers: signed.headers });
    if (response.statusCode !== 200) throw msgError(502, 'The payment callback was not accepted.');
    return String(response.headers[SETTLE_OUTCOME_HEADER] ?? '');
  }

  if (gateways.checkoutSandbox) {
    route(app, routes.sandboxCheckout, auth, async (request): Promise<SandboxInvoiceAnswer> => {
      const invoice = await ownInvoice(request.params.invoiceId, requireUserId(request));
      return { data: { id: invoice.id, amount: centsToCoins(invoice.amount), bonus: centsToCoins(invoice.bonus), gateway: invoice.gateway, status: invoice.status } };
    });

    route(app, routes.sandboxCheckoutComplete, auth, async (request) => {
      const invoice = await ownInvoice(request.params.invoiceId, requireUserId(request));
      if (invoice.status !== 'new') throw msgError(409, 'This payment has already been completed.');
      // Parallel completions all pass the check above; the callback's claim lets exactly one settle.
      // What paid, as a provider reports it: the card's token for a card checkout, the Steam account for skins.
      const { card_number: card, steam_id: steamId } = request.body;
      const payer = invoice.gateway === 'zen' && card ? { card_token: sandboxCardToken(card) } : invoice.gateway === 'skinsback' && steamId ? { steam_id: steamId } : {};
      const outcome = await deliver('/api/payments/sandbox/callback', signedSandboxCallback(gateways.appSecret, invoice, request.body.status, payer));
      if (outcome === 'duplicate' || outcome === 'ignored') throw msgError(409, 'This payment has already been completed.');
      const after = await ownInvoice(invoice.id, invoice.user_id);
      return { msg: after.status === 'paid' ? 'Payment completed' : 'Payment declined', status: after.status };
    });
  }

  if (gateways.cryptoSandbox) {
    route(app, routes.sandboxCryptoReceive, auth, async (request) => {
      const userId = requireUserId(request);
      // Only the player's own deposit address: the sandbox must not let anyone credit someone else.
      const address = await root.db
        .selectFrom('crypto_addresses')
        .select(['address', 'currency'])
        .where('address', '=', request.params.address)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!address) throw notFound('Address not found');
      const cents = request.body.amount; // cents (coinAmount)
      const outcome = await deliver('/api/payments/alphapo/callback', signedSandboxCryptoCallback(gateways.appSecret, address, cents));
      // Only a transfer that credited is confirmed; one the claim dropped as a duplicate says so.
      if (outcome !== 'paid') throw msgError(409, 'The transfer was not credited.');
      return { msg: 'Transfer confirmed' };
    });
  }
}
