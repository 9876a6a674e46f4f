import { api, balanceVersionOf } from '../../api/http.ts';
import type { BoxKind } from '../../../core/protocol/boxKinds.ts';
import type { BoxDetail, BoxDetailAnswer, BoxOpenRequest, BoxPage, Opening, OpeningAnswer } from '../../../core/protocol/boxes.ts';

// The boxes' calls (server/routes/api/boxes.ts, freeBoxes.ts, userBoxes.ts). Amounts are coins. The
// won items' calls are in src/features/inventory/inventoryApi.ts: the home page, which lists boxes,
// does not download them (its JS budget, docs/performance.md "Budgets").

export type { BoxKind };

// The answers' types come from their response schemas (core/protocol/boxes.ts).
export type { BoxSummary, BoxItem, BoxDetail, BoxPage, Opening } from '../../../core/protocol/boxes.ts';

export const kindBase: Record<BoxKind, string> = { box: '/api/boxes', free: '/api/free-boxes', user: '/api/user-boxes' };

export async function fetchBoxes(kind: BoxKind, params: Record<string, string | number | undefined>, path = kindBase[kind]): Promise<BoxPage> {
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  return (await api.get<BoxPage>(path, { params: clean })).data;
}

export async function fetchBox(kind: BoxKind, slug: string): Promise<BoxDetail> {
  return (await api.get<BoxDetailAnswer>(`${kindBase[kind]}/${encodeURIComponent(slug)}`)).data.data;
}

/** The openings, and the version of the balance the answer carries (src/stores/balance.ts). */
export async function openBoxCall(kind: BoxKind, slug: string, quantity: number): Promise<{ openings: Opening[]; balance: number; version: number | null }> {
  const body: BoxOpenRequest = kind === 'free' ? {} : { quantity };
  const res = await api.post<OpeningAnswer>(`${kindBase[kind]}/${encodeURIComponent(slug)}/open`, body);
  return { ...res.data.data, version: balanceVersionOf(res) };
}
