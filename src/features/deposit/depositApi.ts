import { call } from '../../api/call.ts';
import * as payments from '../../../core/protocol/routes/payments.ts';
import { promocodeCheck, promocodeValidate } from '../../../core/protocol/routes/shell.ts';

// The deposit calls of docs/product.md §7; the answers' types are their schemas' (core/protocol/deposit.ts).
export const depositApi = {
  validatePromocode: (promocode: string) => call(promocodeValidate, { body: { promocode } }),
  /** Whether the player may use the code now, without a refusal (200 either way): what the cashier offers. */
  checkPromocode: (promocode: string) => call(promocodeCheck, { query: { promocode } }).then((r) => r.data),
  cardRedirect: (amount: number, promocode: string | null, return_to: string) => call(payments.cardDeposit, { body: { amount, promocode, return_to } }),
  skinsRedirect: (amount: number, promocode: string | null, return_to: string) =>
    call(payments.skinsDeposit, { body: { amount, promocode, return_to } }),
  currencies: () => call(payments.cryptoCurrencies, {}).then((r) => r.data),
  depositAddress: (currency: string, promocode: string | null) =>
    call(payments.cryptoDepositAddress, { body: { currency, promocode } }).then((r) => r.data.wallet),
  redeemGiftCode: (code: string, secondFactor: { two_factor_code?: string } = {}) => call(payments.giftCodeRedeem, { body: { code, ...secondFactor } }),
  redeemVoucher: (code: string, secondFactor: { two_factor_code?: string } = {}) => call(payments.voucherRedeem, { body: { code, ...secondFactor } }),
};

/** The browser leaves for the provider's (or the sandbox's) checkout. Kept apart so tests can stub it. */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
