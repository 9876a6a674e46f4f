import { call } from '../../api/call.ts';
import { boxes, freeBoxes, userBoxes } from '../../../core/protocol/routes/boxes.ts';
import type { BoxKind } from '../../../core/protocol/boxKinds.ts';
import type { BoxPage } from '../../../core/protocol/boxes.ts';
import type { Route, SchemasOf } from '../../../core/protocol/route.ts';

// The boxes' lists (server/routes/api/boxes.ts, freeBoxes.ts, userBoxes.ts). Amounts are coins. One
// box and its opening are in boxPageApi.ts, the won items' calls in src/features/inventory/inventoryApi.ts:
// the home page, which lists boxes, does not download them (its JS budget, docs/performance.md "Budgets").

export type { BoxKind };

// The answers' types come from their response schemas (core/protocol/boxes.ts).
export type { BoxSummary, BoxItem, BoxDetail, BoxPage, Opening } from '../../../core/protocol/boxes.ts';

/** A route answering a page of boxes (a kind's list, or the player's own boxes). */
export type BoxListRoute = Route<'GET', string, SchemasOf<typeof boxes>>;

const LISTS = { box: boxes, free: freeBoxes, user: userBoxes };

/** A list of boxes: the kind's list, or another list answering a box page (`list`: the player's own boxes). */
export async function fetchBoxes(kind: BoxKind, params: Record<string, string | number | undefined>, list: BoxListRoute = LISTS[kind]): Promise<BoxPage> {
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  return call(list, { query: clean });
}
