import { call } from '../../api/call.ts';
import * as inventoryRoutes from '../../../core/protocol/routes/inventory.ts';
import type { InventoryPage, InventorySellRequest, ItemCode, RedeemItemRequest, SellAnswer } from '../../../core/protocol/boxes.ts';

// The won items' calls (server/routes/api/inventory.ts): the inventory, selling, digital codes.
// Amounts are coins; the answers' types come from their response schemas (core/protocol/boxes.ts).

export type { InventoryEntry, ItemCode } from '../../../core/protocol/boxes.ts';

export async function sellItem(inventoryId: number): Promise<SellAnswer> {
  return call(inventoryRoutes.inventorySellOne, { params: { id: inventoryId } });
}

export async function sellItems(ids: number[]): Promise<SellAnswer> {
  const body: InventorySellRequest = { ids };
  return call(inventoryRoutes.inventorySell, { body });
}

export async function fetchInventory(params: { sort?: string; name?: string; page?: number; per_page?: number }): Promise<InventoryPage> {
  const query: Record<string, string | number> = { page: params.page ?? 1, per_page: params.per_page ?? 24 };
  if (params.sort) query.sort = params.sort;
  if (params.name) query['filter[name]'] = params.name;
  return call(inventoryRoutes.inventory, { query });
}

/** A digital item's code: made on the first call, the same one afterwards (no money moves); null while it waits for review. */
export async function redeemItem(inventoryId: number, secondFactor: RedeemItemRequest = {}): Promise<{ code: string | null; msg: string }> {
  const answer = await call(inventoryRoutes.itemRedeem, { params: { id: inventoryId }, body: secondFactor });
  return { code: answer.data.code, msg: answer.msg };
}

export async function fetchItemCodes(): Promise<ItemCode[]> {
  return (await call(inventoryRoutes.itemCodes, {})).data;
}
