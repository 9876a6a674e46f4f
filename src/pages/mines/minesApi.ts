import { balanceVersionOf } from '../../api/http.ts';
import { call, callResponse } from '../../api/call.ts';
import { minesBet, minesCashout, minesCurrent, minesReveal } from '../../../core/protocol/routes/mines.ts';
import type { MinesAction, MinesBoard } from '../../../core/protocol/mines.ts';

// The Mines calls (core/protocol/routes/mines.ts): one action at a time, each answering the board as
// the server holds it, with the balance's version for the scene hold (usePlayedBet).

function send(action: MinesAction) {
  if (action.action === 'bet') return callResponse(minesBet, { body: { amount: action.amount, mines: action.mines } });
  if (action.action === 'reveal') return callResponse(minesReveal, { body: { tile: action.tile } });
  return callResponse(minesCashout, {});
}

export async function sendMinesAction(action: MinesAction): Promise<{ result: MinesBoard; version: number | null }> {
  const res = await send(action);
  return { result: res.data.data, version: balanceVersionOf(res) };
}

/** The player's open board after a reload, or null. */
export async function fetchOpenBoard(): Promise<MinesBoard | null> {
  return (await call(minesCurrent, {})).data;
}
