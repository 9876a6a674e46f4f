import { balanceVersionOf } from '../../api/http.ts';
import { call, callResponse } from '../../api/call.ts';
import { bonusBoxes, bonusBoxOpen } from '../../../core/protocol/routes/boxes.ts';
import type { BonusBox } from '../../../core/protocol/boxes.ts';
import type { openBoxCall } from './boxPageApi.ts';

// A promotion's bonus boxes (server/routes/api/bonusBoxes.ts): listed on /freeloot and the
// profile, opened on the box's own page with the reel.

export type { BonusBox };

/** The player's unopened bonus boxes (GET /api/free-boxes/bonus). */
export async function fetchBonusBoxes(): Promise<BonusBox[]> {
  return (await call(bonusBoxes, {})).data;
}

/** Opens one bonus box (its box is the entry free box): the same answer as any opening. */
export async function openBonusBoxCall(id: number): ReturnType<typeof openBoxCall> {
  const res = await callResponse(bonusBoxOpen, { params: { id }, body: {} });
  return { ...res.data.data, version: balanceVersionOf(res) };
}
