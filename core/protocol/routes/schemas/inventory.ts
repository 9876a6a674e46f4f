import type { RouteSchemas } from '../../route.ts';
import * as authProtocol from '../../auth.ts';
import * as boxesProtocol from '../../boxes.ts';
import * as pathParamsProtocol from '../../pathParams.ts';
import * as shippingProtocol from '../../shipping.ts';

// The contracts of core/protocol/routes/inventory.ts's routes, under the same names: each one's schemas
// from core/protocol. Only the server, the tests and the console load this module.

export const inventory = { query: boxesProtocol.InventoryQuerySchema, answer: boxesProtocol.InventoryPageSchema } satisfies RouteSchemas;
export const inventorySellOne = { params: pathParamsProtocol.IdParams, answer: boxesProtocol.SellAnswerSchema } satisfies RouteSchemas;
export const inventorySell = { body: boxesProtocol.InventorySellSchema, answer: boxesProtocol.SellAnswerSchema } satisfies RouteSchemas;
export const itemCodes = { answer: boxesProtocol.ItemCodesSchema } satisfies RouteSchemas;
export const itemRedeem = { params: pathParamsProtocol.IdParams, body: boxesProtocol.RedeemItemSchema, answer: boxesProtocol.RedeemAnswerSchema, others: { 202: boxesProtocol.RedeemAnswerSchema } } satisfies RouteSchemas;
export const shippingAddress = { answer: shippingProtocol.ShippingAddressAnswerSchema } satisfies RouteSchemas;
export const shippingAddressSave = { body: shippingProtocol.shippingAddressRequestSchema, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const withdrawalCreate = { body: shippingProtocol.withdrawalRequestSchema, answer: shippingProtocol.WithdrawalCreatedAnswerSchema, status: 201 } satisfies RouteSchemas;
export const withdrawals = { query: shippingProtocol.WithdrawalsQuerySchema, answer: shippingProtocol.WithdrawalPageSchema } satisfies RouteSchemas;
export const withdrawalCancel = { params: pathParamsProtocol.IdParams, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
