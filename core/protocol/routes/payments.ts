import { route } from '../route.ts';

// Deposits (card, skins, crypto, codes), the invoices and the sandbox gateway.
// Each entry: method, path and its schemas in core/protocol (loaded on demand: core/protocol/route.ts).
const load = () => Promise.all([import('../auth.ts'), import('../deposit.ts'), import('../pathParams.ts')]).then(([auth, deposit, pathParams]) => ({ auth, deposit, pathParams }));

export const cardDeposit = route('POST', '/api/deposit/zen/redirect', load, (m) => ({ body: m.deposit.CardDepositSchema, answer: m.deposit.RedirectResponseSchema }));
export const skinsDeposit = route('POST', '/api/deposit/skinsback/redirect', load, (m) => ({ body: m.deposit.SkinsDepositSchema, answer: m.deposit.RedirectResponseSchema }));
export const cryptoCurrencies = route('GET', '/api/deposit/alphapo/available-currencies', load, (m) => ({ answer: m.deposit.CryptoOptionsAnswerSchema }));
export const cryptoDepositAddress = route('POST', '/api/deposit/alphapo/deposit-address', load, (m) => ({ body: m.deposit.DepositAddressSchema, answer: m.deposit.DepositAddressResponseSchema }));
export const promocodeValidate = route('POST', '/api/deposit/promocode/validate', load, (m) => ({ body: m.deposit.PromocodeValidateSchema, answer: m.deposit.PromocodeResponseSchema }));
export const giftCodeRedeem = route('POST', '/api/deposit/gift-code/redeem', load, (m) => ({ body: m.deposit.RedeemCodeSchema, answer: m.auth.MsgResponseSchema }));
export const voucherRedeem = route('POST', '/api/deposit/voucher/redeem', load, (m) => ({ body: m.deposit.RedeemCodeSchema, answer: m.auth.MsgResponseSchema }));
export const invoices = route('GET', '/api/profile/invoices', load, (m) => ({ query: m.deposit.InvoicesQuerySchema, answer: m.deposit.InvoicePageSchema }));
export const sandboxCheckout = route('GET', '/api/sandbox/checkout/:invoiceId', load, (m) => ({ params: m.pathParams.InvoiceParams, answer: m.deposit.SandboxInvoiceAnswerSchema }));
export const sandboxCheckoutComplete = route('POST', '/api/sandbox/checkout/:invoiceId/complete', load, (m) => ({ params: m.pathParams.InvoiceParams, body: m.deposit.SandboxCompleteSchema, answer: m.deposit.SandboxCompleteAnswerSchema }));
export const sandboxCryptoReceive = route('POST', '/api/sandbox/crypto/:address/receive', load, (m) => ({ params: m.pathParams.DepositAddressParams, body: m.deposit.SandboxReceiveSchema, answer: m.auth.MsgResponseSchema }));
