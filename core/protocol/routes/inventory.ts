import { route } from '../route.ts';

// Won items (selling, codes) and shipping (the address, withdrawals).
// Each entry: method, path and its schemas in core/protocol (loaded on demand: core/protocol/route.ts).
const load = () => Promise.all([import('../auth.ts'), import('../boxes.ts'), import('../pathParams.ts'), import('../shipping.ts')]).then(([auth, boxes, pathParams, shipping]) => ({ auth, boxes, pathParams, shipping }));

export const inventory = route('GET', '/api/profile/inventory', load, (m) => ({ query: m.boxes.InventoryQuerySchema, answer: m.boxes.InventoryPageSchema }));
export const inventorySellOne = route('POST', '/api/profile/inventory/:id/sell', load, (m) => ({ params: m.pathParams.IdParams, answer: m.boxes.SellAnswerSchema }));
export const inventorySell = route('POST', '/api/profile/inventory/sell', load, (m) => ({ body: m.boxes.InventorySellSchema, answer: m.boxes.SellAnswerSchema }));
export const itemCodes = route('GET', '/api/profile/inventory/codes', load, (m) => ({ answer: m.boxes.ItemCodesSchema }));
export const itemRedeem = route('POST', '/api/profile/inventory/:id/redeem', load, (m) => ({ params: m.pathParams.IdParams, body: m.boxes.RedeemItemSchema, answer: m.boxes.RedeemAnswerSchema, others: { 202: m.boxes.RedeemAnswerSchema } }));
export const shippingAddress = route('GET', '/api/profile/shipping-address', load, (m) => ({ answer: m.shipping.ShippingAddressAnswerSchema }));
export const shippingAddressSave = route('POST', '/api/profile/shipping-address', load, (m) => ({ body: m.shipping.shippingAddressRequestSchema, answer: m.auth.MsgResponseSchema }));
export const withdrawalCreate = route('POST', '/api/profile/withdrawals', load, (m) => ({ body: m.shipping.withdrawalRequestSchema, answer: m.shipping.WithdrawalCreatedAnswerSchema, status: 201 }));
export const withdrawals = route('GET', '/api/profile/withdrawals', load, (m) => ({ query: m.shipping.WithdrawalsQuerySchema, answer: m.shipping.WithdrawalPageSchema }));
export const withdrawalCancel = route('POST', '/api/profile/withdrawals/:id/cancel', load, (m) => ({ params: m.pathParams.IdParams, answer: m.auth.MsgResponseSchema }));
