import { api } from '../../api/http.ts';
import type { CryptoOption, DepositAddressResponse, PromocodeResponse, RedirectResponse } from '../../../core/protocol/deposit.ts';

// The deposit calls of docs/product.md §7.
export const depositApi = {
  validatePromocode: (promocode: string) => api.post<PromocodeResponse>('/api/deposit/promocode/validate', { promocode }).then((r) => r.data),
  cardRedirect: (amount: number, promocode: string | null, return_to: string) => api.post<RedirectResponse>('/api/deposit/zen/redirect', { amount, promocode, return_to }).then((r) => r.data),
  skinsRedirect: (amount: number, promocode: string | null, return_to: string) =>
    api.post<RedirectResponse>('/api/deposit/skinsback/redirect', { amount, promocode, return_to }).then((r) => r.data),
  currencies: () => api.get<{ data: CryptoOption[] }>('/api/deposit/alphapo/available-currencies').then((r) => r.data.data),
  depositAddress: (currency: string, promocode: string | null) =>
    api.post<DepositAddressResponse>('/api/deposit/alphapo/deposit-address', { currency, promocode }).then((r) => r.data.data.wallet),
  redeemGiftCode: (code: string) => api.post<{ msg: string }>('/api/deposit/gift-code/redeem', { code }).then((r) => r.data),
  redeemVoucher: (code: string) => api.post<{ msg: string }>('/api/deposit/voucher/redeem', { code }).then((r) => r.data),
};

/** The browser leaves for the provider's (or the sandbox's) checkout. Kept apart so tests can stub it. */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
