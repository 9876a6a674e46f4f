import type { FastifyInstance } from 'fastify';
import { minesBoard } from '../../../../core/fair/index.ts';
import type { MinesBoard } from '../../../../core/protocol/mines.ts';
import { activeSeedPair } from '../../../helpers/queries.ts';

// What the Mines tests share: the calls, and the board's mines as the server seed places them
// (the tests read the seed from the database, which a player cannot).

export type Headers = Record<string, string>;

export function minesCall(app: FastifyInstance, headers: Headers, action: 'bet' | 'reveal' | 'cashout', payload: object = {}) {
  return app.inject({ method: 'POST', url: `/api/mines/${action}`, headers, payload });
}

export async function currentBoard(app: FastifyInstance, headers: Headers): Promise<MinesBoard | null> {
  const res = await app.inject({ method: 'GET', url: '/api/mines/current', headers });
  if (res.statusCode !== 200) throw new Error(`GET /api/mines/current answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** The open board's mines and safe tiles, from the player's active pair and the board's nonce. */
export async function tilesOf(app: FastifyInstance, userId: number, board: Pick<MinesBoard, 'nonce' | 'mines'>): Promise<{ mines: number[]; safe: number[] }> {
  const pair = await activeSeedPair(app.db, userId);
  const mines = minesBoard(pair.server_seed, pair.client_seed, board.nonce, board.mines);
  return { mines, safe: [...Array(25).keys()].filter((t) => !mines.includes(t)) };
}

/** The ledger rows of a reason for a player, in cents (player side). */
export async function movesOf(app: FastifyInstance, userId: number, reason: string): Promise<number[]> {
  const rows = await app.db
    .selectFrom('ledger_entries as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .select('l.amount')
    .where('a.user_id', '=', userId)
    .where('l.reason', '=', reason)
    .orderBy('l.id')
    .execute();
  return rows.map((r) => Number(r.amount));
}

/** The journal's rows of a player's Mines boards (oldest first), and their XP. */
export async function journalOf(app: FastifyInstance, userId: number) {
  const rows = await app.db.selectFrom('bets').select(['ref_id', 'stake', 'payout', 'multiplier', 'status', 'nonce']).where('user_id', '=', userId).where('game', '=', 'mines').orderBy('id').execute();
  const user = await app.db.selectFrom('users').select('wagered').where('id', '=', userId).executeTakeFirstOrThrow();
  return { rows: rows.map((r) => ({ ...r, multiplier: r.multiplier === null ? null : Number(r.multiplier), nonce: Number(r.nonce) })), wagered: Number(user.wagered) };
}
