import { api, balanceVersionOf } from '../../api/http.ts';
import type { MinesAction, MinesBoard, MinesBoardAnswer, MinesCurrentAnswer } from '../../../core/protocol/mines.ts';

// The Mines calls (core/protocol/mines.ts): one action at a time, each answering the board as the
// server holds it, with the balance's version for the scene hold (usePlayedBet).

export async function sendMinesAction(action: MinesAction): Promise<{ result: MinesBoard; version: number | null }> {
  const { action: name, ...body } = action;
  const res = await api.post<MinesBoardAnswer>(`/api/mines/${name}`, body);
  return { result: res.data.data, version: balanceVersionOf(res) };
}

/** The player's open board after a reload, or null. */
export async function fetchOpenBoard(): Promise<MinesBoard | null> {
  return (await api.get<MinesCurrentAnswer>('/api/mines/current')).data.data;
}
