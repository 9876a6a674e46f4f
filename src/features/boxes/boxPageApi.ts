import { balanceVersionOf } from '../../api/http.ts';
import { call, callResponse } from '../../api/call.ts';
import { box, boxOpen, freeBox, freeBoxOpen, userBox, userBoxOpen } from '../../../core/protocol/routes/boxes.ts';
import type { BoxKind } from '../../../core/protocol/boxKinds.ts';
import type { BoxDetail, BoxOpenRequest, Opening } from '../../../core/protocol/boxes.ts';

// One box and its opening, for each kind (the box page; the custom box form reads a box too).
// Apart from the lists (boxesApi.ts), which the home page loads.

const DETAILS = { box, free: freeBox, user: userBox };
const OPENS = { box: boxOpen, free: freeBoxOpen, user: userBoxOpen };

export async function fetchBox(kind: BoxKind, slug: string): Promise<BoxDetail> {
  return (await call(DETAILS[kind] as typeof box, { params: { slug } })).data;
}

/** The openings, and the version of the balance the answer carries (src/stores/balance.ts). */
export async function openBoxCall(kind: BoxKind, slug: string, quantity: number): Promise<{ openings: Opening[]; balance: number; version: number | null }> {
  const body: BoxOpenRequest = kind === 'free' ? {} : { quantity };
  const res = await callResponse(OPENS[kind] as typeof boxOpen, { params: { slug }, body });
  return { ...res.data.data, version: balanceVersionOf(res) };
}
