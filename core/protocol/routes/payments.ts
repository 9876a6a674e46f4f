import { route } from '../route.ts';
import type * as contract from './schemas/payments.ts';

// Deposits (card, skins, crypto, codes), the invoices and the sandbox gateway.
// Each entry: method and path, typed by its contract in ./schemas/payments.ts (core/protocol/route.ts).

export const cardDeposit = route<typeof contract.cardDeposit>()('POST', '/api/deposit/zen/redirect');
export const skinsDeposit = route<typeof contract.skinsDeposit>()('POST', '/api/deposit/skinsback/redirect');
export const cryptoCurrencies = route<typeof contract.cryptoCurrencies>()('GET', '/api/deposit/alphapo/available-currencies');
export const cryptoDepositAddress = route<typeof contract.cryptoDepositAddress>()('POST', '/api/deposit/alphapo/deposit-address');
export const giftCodeRedeem = route<typeof contract.giftCodeRedeem>()('POST', '/api/deposit/gift-code/redeem');
export const voucherRedeem = route<typeof contract.voucherRedeem>()('POST', '/api/deposit/voucher/redeem');
export const invoices = route<typeof contract.invoices>()('GET', '/api/profile/invoices');
export const sandboxCheckout = route<typeof contract.sandboxCheckout>()('GET', '/api/sandbox/checkout/:invoiceId');
export const sandboxCheckoutComplete = route<typeof contract.sandboxCheckoutComplete>()('POST', '/api/sandbox/checkout/:invoiceId/complete');
export const sandboxCryptoReceive = route<typeof contract.sandboxCryptoReceive>()('POST', '/api/sandbox/crypto/:address/receive');
