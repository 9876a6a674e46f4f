import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import { fieldError, msgError } from '../../http/errors.ts';
import { GatewayUnavailable, type CheckoutGateway } from '../../payments/gateway.ts';
import { depositAddress } from '../../payments/cryptoAddresses.ts';
import { promoUse, toPromocode, validatePromo } from '../../promo/promoCodes.ts';
import { redeemCode } from '../../promo/giftCodes.ts';
import {
  CRYPTO_MINIMUM_USD,
  PROMO_ACCEPTED,
  SELECTABLE_CRYPTO,
  type CryptoOptionsAnswer,
} from '../../../core/protocol/deposit.ts';
import { depositSwitch } from '../../../core/protocol/killSwitches.ts';
import { checkDeposit } from '../../responsible/playGate.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Deposits (docs/product.md §7): card and skins redirects create an invoice and send the browser to the
// provider's checkout (the sandbox page by default); crypto hands out a reusable address; promo
// codes are validated here and again on every redirect; gift codes and vouchers credit once.
// Every way in first passes the player's deposit limits and breaks (checkDeposit,
// docs/account-safety.md): an invoice is recorded in the transaction that checked it.
export default async function depositRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: root.authenticate };
  const now = () => new Date(root.clock.now());
  /** A way in whose amount is not known here (a crypto address, a code): refused during a break or once a limit has nothing left. */
  const checkOpening = (userId: number) => root.db.transaction().execute((trx) => checkDeposit(trx, userId, 1, now()));

  async function redirect(userId: number, gateway: 'zen' | 'skinsback', checkout: CheckoutGateway, cents: number, promocode: string | null | undefined, returnPath: string | undefined) {
    const promo = promocode ? await validatePromo(root.db, promocode, userId) : null;
    const user = await root.db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', userId).executeTakeFirstOrThrow();
    const invoice = await root.db.transaction().execute(async (trx) => {
      await checkDeposit(trx, userId, cents, now());
      return trx
        .insertInto('invoices')
        .values({ user_id: userId, gateway, provider: checkout.provider, amount: cents, promo_code_id: promo?.id ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    const { publicUrl } = root.payments;
    try {
      const { redirectUrl } = await checkout.createCheckout({
        invoiceId: invoice.id,
        amountCents: cents,
        user,
        returnUrl: `${publicUrl}${returnPath ?? '/profile/deposit'}`,
        returnPath,
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

  route(app, routes.cardDeposit, { ...auth, config: { killSwitch: depositSwitch('card') } }, async (request) =>
    redirect(requireUserId(request), 'zen', root.payments.card, request.body.amount, request.body.promocode, request.body.return_to),
  );

  route(app, routes.skinsDeposit, { ...auth, config: { killSwitch: depositSwitch('skins') } }, async (request) =>
    redirect(requireUserId(request), 'skinsback', root.payments.skins, request.body.amount, request.body.promocode, request.body.return_to),
  );

  route(app, routes.cryptoCurrencies, {}, async (): Promise<CryptoOptionsAnswer> => ({
    data: SELECTABLE_CRYPTO.map((c) => ({ currency: c.currency, minimum_amount: CRYPTO_MINIMUM_USD, rate_from: 1, rate_to: c.usdRate })),
  }));

  route(app, routes.cryptoDepositAddress, { ...auth, config: { killSwitch: depositSwitch('crypto') } }, async (request) => {
    const userId = requireUserId(request);
    const currency = request.body.currency;
    if (!SELECTABLE_CRYPTO.some((c) => c.currency === currency)) throw fieldError('currency', 'The selected currency is invalid.');
    const promo = request.body.promocode ? await validatePromo(root.db, request.body.promocode, userId) : null;
    await checkOpening(userId);
    try {
      return { data: { wallet: await depositAddress(root.db, root.payments.crypto, userId, currency, promo?.id ?? null) } };
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      root.log.error({ err: error }, 'deposit address failed');
      throw msgError(502, 'The payment provider is not available. Please try again later.');
    }
  });

  route(app, routes.promocodeValidate, auth, async (request) => {
    const promo = await validatePromo(root.db, request.body.promocode, requireUserId(request));
    return { ...toPromocode(promo), msg: PROMO_ACCEPTED };
  });

  // The quiet check of a code the cashier or the daily bonus would offer: 200 either way, so a
  // player who may not take it leaves no failed request behind (validatePromo's rule, promoUse).
  route(app, routes.promocodeCheck, auth, async (request) => {
    const use = await promoUse(root.db, request.query.promocode, requireUserId(request));
    return { data: { usable: use.refusal === null, promocode: use.promo ? toPromocode(use.promo) : null, msg: use.refusal } };
  });

  async function redeem(kind: 'gift' | 'voucher', userId: number, body: { code: string }): Promise<{ msg: string }> {
    await checkOpening(userId);
    return { msg: await redeemCode(root.wallet, kind, body.code, userId) };
  }

  // A gift card or a voucher is money: with two-factor sign-in on, redeeming one needs a code (docs/account-safety.md).
  route(app, routes.giftCodeRedeem, { ...auth, config: { secondFactor: true, killSwitch: depositSwitch('gift_code') } }, async (request) => redeem('gift', requireUserId(request), request.body));

  route(app, routes.voucherRedeem, { ...auth, config: { secondFactor: true, killSwitch: depositSwitch('voucher') } }, async (request) => redeem('voucher', requireUserId(request), request.body));
}
