import { api } from '../../api/http.ts';
import type { SizeKind } from '../../../core/protocol/shipping.ts';
import type { Paged } from '../boxes/boxesApi.ts';

// The won items' calls (server/routes/api/inventory.ts): the inventory, selling, digital codes.
// Amounts are coins.

export async function sellItem(inventoryId: number): Promise<{ msg: string; balance: number }> {
  return (await api.post<{ msg: string; balance: number }>(`/api/profile/inventory/${inventoryId}/sell`)).data;
}

export async function sellItems(ids: number[]): Promise<{ msg: string; balance: number }> {
  return (await api.post<{ msg: string; balance: number }>('/api/profile/inventory/sell', { ids })).data;
}

export interface InventoryEntry {
  id: number;
  created_at: string;
  item: { id: number; name: string; price: number; sale_price: number; rarity: string; img_url: string };
  /** False for digital items (gift cards): sold, never shipped. */
  shippable: boolean;
  /** The size list a delivery chooses from, or null for one-size items. */
  size_kind: SizeKind | null;
}

export async function fetchInventory(params: { sort?: string; name?: string; page?: number; per_page?: number }): Promise<Paged<InventoryEntry>> {
  const query: Record<string, string | number> = { page: params.page ?? 1, per_page: params.per_page ?? 24 };
  if (params.sort) query.sort = params.sort;
  if (params.name) query['filter[name]'] = params.name;
  return (await api.get<Paged<InventoryEntry>>('/api/profile/inventory', { params: query })).data;
}

/** A digital item's code: made on the first call, the same one afterwards (no money moves). */
export async function redeemItem(inventoryId: number): Promise<{ code: string; msg: string }> {
  const answer = (await api.post<{ data: { code: string }; msg: string }>(`/api/profile/inventory/${inventoryId}/redeem`)).data;
  return { code: answer.data.code, msg: answer.msg };
}

export interface ItemCode {
  id: number;
  item: { id: number; name: string; price: number; rarity: string; img_url: string };
  code: string;
  delivered_at: string;
}

export async function fetchItemCodes(): Promise<ItemCode[]> {
  return (await api.get<{ data: ItemCode[] }>('/api/profile/inventory/codes')).data.data;
}
