import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import { fieldError, msgError } from '../../http/errors.ts';
import { paymentGateways } from '../../payments/gateways.ts';
import { GatewayUnavailable, type CheckoutGateway } from '../../payments/gateway.ts';
import { depositAddress } from '../../payments/cryptoAddresses.ts';
import { toPromocode, validatePromo } from '../../promo/promoCodes.ts';
import { redeemCode } from '../../promo/giftCodes.ts';
import {
  CardDepositSchema,
  CRYPTO_MINIMUM_USD,
  DepositAddressSchema,
  PROMO_ACCEPTED,
  PromocodeValidateSchema,
  RedeemCodeSchema,
  SELECTABLE_CRYPTO,
  SkinsDepositSchema,
  type CryptoOption,
} from '../../../core/protocol/deposit.ts';
import { coinsToCents } from '../../../core/money/cents.ts';

// Deposits (spec §7): card and skins redirects create an invoice and send the browser to the
// provider's checkout (the sandbox page by default); crypto hands out a reusable address; promo
// codes are validated here and again on every redirect; gift codes and vouchers credit once.
export default async function depositRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: root.authenticate };

  async function redirect(userId: number, gateway: 'zen' | 'skinsback', checkout: CheckoutGateway, amount: number, promocode: string | null | undefined) {
    const cents = coinsToCents(amount);
    if (cents === null || cents <= 0) throw fieldError('amount', 'The amount must be a number.');
    const promo = promocode ? await validatePromo(root.db, promocode, userId) : null;
    const user = await root.db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', userId).executeTakeFirstOrThrow();
    const invoice = await root.db
      .insertInto('invoices')
      .values({ user_id: userId, gateway, provider: checkout.provider, amount: cents, promo_code_id: promo?.id ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { publicUrl } = paymentGateways(root);
    try {
      const { redirectUrl } = await checkout.createCheckout({
        invoiceId: invoice.id,
        amountCents: cents,
        user,
        returnUrl: `${publicUrl}/profile/deposit`,
        callbackUrl: `${publicUrl}/api/payments/${checkout.provider}/callback`,
      });
      return { redirect_url: redirectUrl };
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      root.log.error({ err: error, invoiceId: invoice.id }, 'checkout creation failed');
      await root.db.updateTable('invoices').set({ status: 'rejected' }).where('id', '=', invoice.id).where('status', '=', 'new').execute();
      throw msgError(502, 'The payment provider is not available. Please try again later.');
    }
  }

  app.post('/api/deposit/zen/redirect', { ...auth, schema: { body: CardDepositSchema } }, async (request) =>
    redirect(requireUserId(request), 'zen', paymentGateways(root).card, request.body.amount, request.body.promocode),
  );

  app.post('/api/deposit/skinsback/redirect', { ...auth, schema: { body: SkinsDepositSchema } }, async (request) =>
    redirect(requireUserId(request), 'skinsback', paymentGateways(root).skins, request.body.amount, request.body.promocode),
  );

  app.get('/api/deposit/alphapo/available-currencies', async (): Promise<{ data: CryptoOption[] }> => ({
    data: SELECTABLE_CRYPTO.map((c) => ({ currency: c.currency, minimum_amount: CRYPTO_MINIMUM_USD, rate_from: 1, rate_to: c.usdRate })),
  }));

  app.post('/api/deposit/alphapo/deposit-address', { ...auth, schema: { body: DepositAddressSchema } }, async (request) => {
    const userId = requireUserId(request);
    const currency = request.body.currency;
    if (!SELECTABLE_CRYPTO.some((c) => c.currency === currency)) throw fieldError('currency', 'The selected currency is invalid.');
    const promo = request.body.promocode ? await validatePromo(root.db, request.body.promocode, userId) : null;
    try {
      return { data: { wallet: await depositAddress(root.db, paymentGateways(root).crypto, userId, currency, promo?.id ?? null) } };
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      root.log.error({ err: error }, 'deposit address failed');
      throw msgError(502, 'The payment provider is not available. Please try again later.');
    }
  });

  app.post('/api/deposit/promocode/validate', { ...auth, schema: { body: PromocodeValidateSchema } }, async (request) => {
    const promo = await validatePromo(root.db, request.body.promocode, requireUserId(request));
    return { ...toPromocode(promo), msg: PROMO_ACCEPTED };
  });

  app.post('/api/deposit/gift-code/redeem', { ...auth, schema: { body: RedeemCodeSchema } }, async (request) => ({
    msg: await redeemCode(root.wallet, 'gift', request.body.code, requireUserId(request)),
  }));

  app.post('/api/deposit/voucher/redeem', { ...auth, schema: { body: RedeemCodeSchema } }, async (request) => ({
    msg: await redeemCode(root.wallet, 'voucher', request.body.code, requireUserId(request)),
  }));
}
