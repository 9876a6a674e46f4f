import { balanceVersionOf } from '../../api/http.ts';
import { call, callResponse } from '../../api/call.ts';
import { box, boxes, boxOpen, freeBox, freeBoxes, freeBoxOpen, userBox, userBoxes, userBoxOpen } from '../../../core/protocol/routes/boxes.ts';
import type { BoxKind } from '../../../core/protocol/boxKinds.ts';
import type { BoxDetail, BoxOpenRequest, BoxPage, Opening } from '../../../core/protocol/boxes.ts';
import type { Route, SchemasOf } from '../../../core/protocol/route.ts';

// The boxes' calls (server/routes/api/boxes.ts, freeBoxes.ts, userBoxes.ts). Amounts are coins. The
// won items' calls are in src/features/inventory/inventoryApi.ts: the home page, which lists boxes,
// does not download them (its JS budget, docs/performance.md "Budgets").

export type { BoxKind };

// The answers' types come from their response schemas (core/protocol/boxes.ts).
export type { BoxSummary, BoxItem, BoxDetail, BoxPage, Opening } from '../../../core/protocol/boxes.ts';

/** A route answering a page of boxes (a kind's list, or the player's own boxes). */
export type BoxListRoute = Route<'GET', string, SchemasOf<typeof boxes>>;

// Each kind's routes, one table per call so that a page keeps only the calls it makes.
const LISTS = { box: boxes, free: freeBoxes, user: userBoxes };
const DETAILS = { box, free: freeBox, user: userBox };
const OPENS = { box: boxOpen, free: freeBoxOpen, user: userBoxOpen };

/** A list of boxes: the kind's list, or another list answering a box page (`list`: the player's own boxes). */
export async function fetchBoxes(kind: BoxKind, params: Record<string, string | number | undefined>, list: BoxListRoute = LISTS[kind]): Promise<BoxPage> {
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  return call(list, { query: clean });
}

export async function fetchBox(kind: BoxKind, slug: string): Promise<BoxDetail> {
  return (await call(DETAILS[kind] as typeof box, { params: { slug } })).data;
}

/** The openings, and the version of the balance the answer carries (src/stores/balance.ts). */
export async function openBoxCall(kind: BoxKind, slug: string, quantity: number): Promise<{ openings: Opening[]; balance: number; version: number | null }> {
  const body: BoxOpenRequest = kind === 'free' ? {} : { quantity };
  const res = await callResponse(OPENS[kind] as typeof boxOpen, { params: { slug }, body });
  return { ...res.data.data, version: balanceVersionOf(res) };
}
