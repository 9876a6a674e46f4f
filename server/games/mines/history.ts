import type { GameBetRow } from '../../../core/protocol/games.ts';
import type { Db } from '../../db/database.ts';
import { inScope, listedRow, revealedServerSeed, type HistoryQuery } from '../history.ts';

// The histories under a Mines board (GET /api/mines/history, the instant games' contract), read from
// the bets journal, the one record of play: settled boards only (an open one is still in play), in
// the scopes every bet list has (inScope). Newest by placed_at, then id: the journal's indexes
// (game, placed_at) and (user_id, placed_at, id) serve that order, not its primary key's. The
// multiplier is the journal's: the board's shown multiplier, or what a payout cap left of it, 0 lost.
export async function minesHistory(db: Db, q: HistoryQuery): Promise<GameBetRow[]> {
  const query = db
    .selectFrom('bets')
    .innerJoin('users', 'users.id', 'bets.user_id')
    .innerJoin('seed_pairs', 'seed_pairs.id', 'bets.seed_pair_id')
    .select(['bets.id', 'bets.user_id', 'users.name', 'users.avatar_url', 'bets.stake', 'bets.payout', 'bets.multiplier', 'bets.nonce', 'bets.placed_at', 'seed_pairs.server_seed_hash', 'seed_pairs.client_seed', revealedServerSeed('seed_pairs').as('server_seed')])
    .where('bets.game', '=', 'mines')
    .where('bets.status', '=', 'settled');
  const rows = await inScope(query, { user: 'bets.user_id', payout: 'bets.payout', newest: ['bets.placed_at', 'bets.id'] }, q).execute();
  return rows.map((r) =>
    listedRow({ ...r, id: Number(r.id), game: 'mines', stake: Number(r.stake), payout: Number(r.payout ?? 0), multiplier: Number(r.multiplier ?? 0), nonce: Number(r.nonce) }),
  );
}
