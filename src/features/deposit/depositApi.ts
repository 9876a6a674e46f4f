import { api } from '../../api/http.ts';
import type { CryptoOptionsAnswer, DepositAddressResponse, PromocodeResponse, RedirectResponse } from '../../../core/protocol/deposit.ts';
import type { MsgResponse } from '../../../core/protocol/auth.ts';

// The deposit calls of docs/product.md §7; the answers' types are their schemas' (core/protocol/deposit.ts).
export const depositApi = {
  validatePromocode: (promocode: string) => api.post<PromocodeResponse>('/api/deposit/promocode/validate', { promocode }).then((r) => r.data),
  cardRedirect: (amount: number, promocode: string | null, return_to: string) => api.post<RedirectResponse>('/api/deposit/zen/redirect', { amount, promocode, return_to }).then((r) => r.data),
  skinsRedirect: (amount: number, promocode: string | null, return_to: string) =>
    api.post<RedirectResponse>('/api/deposit/skinsback/redirect', { amount, promocode, return_to }).then((r) => r.data),
  currencies: () => api.get<CryptoOptionsAnswer>('/api/deposit/alphapo/available-currencies').then((r) => r.data.data),
  depositAddress: (currency: string, promocode: string | null) =>
    api.post<DepositAddressResponse>('/api/deposit/alphapo/deposit-address', { currency, promocode }).then((r) => r.data.data.wallet),
  redeemGiftCode: (code: string, secondFactor: { two_factor_code?: string } = {}) => api.post<MsgResponse>('/api/deposit/gift-code/redeem', { code, ...secondFactor }).then((r) => r.data),
  redeemVoucher: (code: string, secondFactor: { two_factor_code?: string } = {}) => api.post<MsgResponse>('/api/deposit/voucher/redeem', { code, ...secondFactor }).then((r) => r.data),
};

/** The browser leaves for the provider's (or the sandbox's) checkout. Kept apart so tests can stub it. */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
