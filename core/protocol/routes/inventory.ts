import { route } from '../route.ts';
import type * as contract from './schemas/inventory.ts';

// Won items (selling, codes) and shipping (the address, withdrawals).
// Each entry: method and path, typed by its contract in ./schemas/inventory.ts (core/protocol/route.ts).

export const inventory = route<typeof contract.inventory>()('GET', '/api/profile/inventory');
export const inventorySellOne = route<typeof contract.inventorySellOne>()('POST', '/api/profile/inventory/:id/sell');
export const inventorySell = route<typeof contract.inventorySell>()('POST', '/api/profile/inventory/sell');
export const itemCodes = route<typeof contract.itemCodes>()('GET', '/api/profile/inventory/codes');
export const itemRedeem = route<typeof contract.itemRedeem>()('POST', '/api/profile/inventory/:id/redeem');
export const shippingAddress = route<typeof contract.shippingAddress>()('GET', '/api/profile/shipping-address');
export const shippingAddressSave = route<typeof contract.shippingAddressSave>()('POST', '/api/profile/shipping-address');
export const withdrawalCreate = route<typeof contract.withdrawalCreate>()('POST', '/api/profile/withdrawals');
export const withdrawals = route<typeof contract.withdrawals>()('GET', '/api/profile/withdrawals');
export const withdrawalCancel = route<typeof contract.withdrawalCancel>()('POST', '/api/profile/withdrawals/:id/cancel');
