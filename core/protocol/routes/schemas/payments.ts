import type { RouteSchemas } from '../../route.ts';
import * as authProtocol from '../../auth.ts';
import * as depositProtocol from '../../deposit.ts';
import * as pathParamsProtocol from '../../pathParams.ts';

// The contracts of core/protocol/routes/payments.ts's routes, under the same names: each one's schemas
// from core/protocol. Only the server, the tests and the console load this module.

export const cardDeposit = { body: depositProtocol.CardDepositSchema, answer: depositProtocol.RedirectResponseSchema } satisfies RouteSchemas;
export const skinsDeposit = { body: depositProtocol.SkinsDepositSchema, answer: depositProtocol.RedirectResponseSchema } satisfies RouteSchemas;
export const cryptoCurrencies = { answer: depositProtocol.CryptoOptionsAnswerSchema } satisfies RouteSchemas;
export const cryptoDepositAddress = { body: depositProtocol.DepositAddressSchema, answer: depositProtocol.DepositAddressResponseSchema } satisfies RouteSchemas;
export const giftCodeRedeem = { body: depositProtocol.RedeemCodeSchema, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const voucherRedeem = { body: depositProtocol.RedeemCodeSchema, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const invoices = { query: depositProtocol.InvoicesQuerySchema, answer: depositProtocol.InvoicePageSchema } satisfies RouteSchemas;
export const sandboxCheckout = { params: pathParamsProtocol.InvoiceParams, answer: depositProtocol.SandboxInvoiceAnswerSchema } satisfies RouteSchemas;
export const sandboxCheckoutComplete = { params: pathParamsProtocol.InvoiceParams, body: depositProtocol.SandboxCompleteSchema, answer: depositProtocol.SandboxCompleteAnswerSchema } satisfies RouteSchemas;
export const sandboxCryptoReceive = { params: pathParamsProtocol.DepositAddressParams, body: depositProtocol.SandboxReceiveSchema, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
